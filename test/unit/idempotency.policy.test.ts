import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  isValidIdempotencyKey,
  requestHash,
  verdictFor,
  type ExistingKey,
} from '../../src/modules/idempotency/idempotency.policy.js';

describe('isValidIdempotencyKey', () => {
  it.each(['a', 'k'.repeat(255), '550e8400-e29b-41d4-a716-446655440000', 'order #42 / retry ~1'])(
    '%j is valid',
    (key) => expect(isValidIdempotencyKey(key)).toBe(true),
  );
  it.each(['', 'k'.repeat(256), 'café', 'a\tb', 'a\nb', 'a\u0000b', '\u007f'])('%j is not', (key) =>
    expect(isValidIdempotencyKey(key)).toBe(false),
  );
});

describe('canonicalJson', () => {
  it('sorts keys at every level and leaves undefined members out', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: undefined }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"z":null}]},"b":1}',
    );
  });

  it('does not depend on key order or prototypes', () => {
    const bare = Object.assign(Object.create(null), { input: { keyType: 'Ed25519', name: 'n' } });
    expect(canonicalJson(bare)).toBe(canonicalJson({ input: { name: 'n', keyType: 'Ed25519' } }));
  });
});

describe('requestHash', () => {
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
  it('is the same for the same operation, arguments and caller', () => {
    expect(hex(requestHash('createDid', { input: { a: 1, b: 2 } }, 'user:1'))).toBe(
      hex(requestHash('createDid', { input: { b: 2, a: 1 } }, 'user:1')),
    );
  });
  it('differs with the operation, an argument or the caller', () => {
    const base = hex(requestHash('createDid', { input: {} }, 'user:1'));
    expect(hex(requestHash('createRole', { input: {} }, 'user:1'))).not.toBe(base);
    expect(hex(requestHash('createDid', { input: { keyType: 'P-256' } }, 'user:1'))).not.toBe(base);
    expect(hex(requestHash('createDid', { input: {} }, 'api_key:1'))).not.toBe(base);
  });
});

describe('verdictFor', () => {
  const key = (overrides: Partial<ExistingKey>): ExistingKey => ({
    sameRequest: true,
    completed: false,
    leaseActive: true,
    expired: false,
    ...overrides,
  });
  it.each([
    [{ expired: true, sameRequest: false, completed: true }, 'replace'],
    [{ expired: true, leaseActive: true }, 'replace'],
    [{ sameRequest: false, completed: true }, 'mismatch'],
    [{ sameRequest: false, leaseActive: true }, 'mismatch'],
    [{ completed: true, leaseActive: true }, 'replay'],
    [{ completed: true, leaseActive: false }, 'replay'],
    [{ leaseActive: true }, 'in-progress'],
    [{ leaseActive: false }, 'take-over'],
  ] as const)('%j → %s', (overrides, verdict) => expect(verdictFor(key(overrides))).toBe(verdict));
});
