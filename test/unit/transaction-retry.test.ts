// Deadlocks (40P01) and serialization failures (40001) are retried a few times, then answered 503 with
// Retry-After; other errors are not retried. The errors are shaped as node-postgres and Prisma's driver adapter
// report them (the retry of a real deadlock is in test/integration/tenant-write-concurrency.test.ts).
import { describe, expect, it } from 'vitest';
import { databaseErrorAnswer } from '../../src/db/unavailable.js';
import { isTransactionConflict, retryOnConflict, TRANSACTION_ATTEMPTS } from '../../src/db/transactions.js';
import { AppError } from '../../src/lib/errors.js';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
const prismaConflict = () =>
  Object.assign(new Error('Transaction failed due to a write conflict or a deadlock'), {
    code: 'P2034',
    meta: { driverAdapterError: { cause: { kind: 'TransactionWriteConflict' } } },
  });

describe('retryOnConflict', () => {
  it('runs an aborted transaction again until it commits', async () => {
    let calls = 0;
    const result = await retryOnConflict(async () => {
      calls++;
      if (calls < 3) throw calls === 1 ? deadlock() : prismaConflict();
      return 'committed';
    });
    expect(result).toBe('committed');
    expect(calls).toBe(3);
  });

  it('answers 503 with Retry-After once the attempts are spent', async () => {
    let calls = 0;
    const failure = await retryOnConflict(async () => {
      calls++;
      throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    }).catch((error: unknown) => error);
    expect(calls).toBe(TRANSACTION_ATTEMPTS);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).status).toBe(503);
    expect((failure as AppError).headers).toEqual({ 'Retry-After': '1' });
  });

  it('does not retry other errors', async () => {
    let calls = 0;
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      retryOnConflict(async () => {
        calls++;
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(calls).toBe(1);
  });
});

describe('a conflict that reaches the transports', () => {
  it('is a 503 with Retry-After, not a 500', () => {
    for (const error of [deadlock(), prismaConflict()]) {
      expect(isTransactionConflict(error)).toBe(true);
      const answer = databaseErrorAnswer(error);
      expect(answer?.status).toBe(503);
      expect(answer?.headers['Retry-After']).toBe('1');
    }
    expect(databaseErrorAnswer(new Error('something else'))).toBeUndefined();
  });
});
