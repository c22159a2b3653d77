// Transactions that PostgreSQL aborts to break a deadlock (SQLSTATE 40P01) or a serialization failure (40001)
// did nothing: PostgreSQL's documentation says to retry them ("Serialization Failure Handling", §13.4). Every
// interactive transaction of the Prisma client, and every issue batch, is run again a few times after a short,
// random wait; one that still fails is answered 503 with Retry-After (RFC 9110 §15.6.4), never 500.
//
// Deadlocks are rare because every transaction takes its locks in one order:
//
//   1. a custom domain's name (advisory lock, domains.repository.ts lockDomainName): a name is contended by
//      several tenants, so it comes before any tenant's row (DID creation on the name, claim, verification and
//      removal of the domain all take it first);
//   2. the tenant's row: lockTenant (SELECT … FOR NO KEY UPDATE, src/modules/tenants/tenants.repository.ts), or an
//      UPDATE of the row, which takes the same lock;
//   3. the tenant's other named advisory locks: its webhook subscriptions (webhooks.repository.ts
//      lockSubscriptions; issue_credentials() takes it shared), and a webhook host's claim lock
//      (dispatch.repository.ts claimDeliveryInSlot: a test send or replay takes it after writing its event and
//      delivery rows, which lock nothing another holder of it waits for, and takes nothing after it);
//   4. the rows the change is about (DIDs, members, status lists, credentials, idempotency keys, usage counters);
//   5. last, the tenant's audit chain head (recordAudit). Issued credentials' entries are chained apart from their
//      issue (chain_pending_audit(), src/modules/audit/audit-pending.ts): it takes the waiting entries' rows (a
//      DELETE, which a concurrent run waits on and then finds gone), then the heads of their tenants, in tenant
//      order, once per tenant: no one holding a head waits for a row, so the heads' order alone keeps them apart.
//
// An OpenID4VCI credential request (src/modules/oid4vci) takes its rows (its c_nonces, the DPoP proof's jti, its offer)
// before issue_credentials() takes the subscription lock shared: nothing that takes that lock exclusively (a webhook
// endpoint's change) waits on those rows, so the two cannot wait on each other. A subject's erasure takes the
// subject's offers before their credentials, as the credential request does.
//
// Rows inserted meanwhile (outbox events, audit events) take only the FOR KEY SHARE lock of their foreign keys on
// the tenant's row, which FOR NO KEY UPDATE does not block; FOR UPDATE did, and that turned an audit record
// waiting on the tenant's row into a deadlock with a limit check holding the row and waiting on the chain head.
//
// On the embedded database (PGlite) there is one connection and one transaction at a time, so neither error
// can happen; the retry costs nothing there.
import type { PrismaClient } from '../generated/prisma/client.js';
import { AppError } from '../lib/errors.js';
import { MESSAGES } from '../lib/messages.js';

/** Attempts in all, the first included. */
export const TRANSACTION_ATTEMPTS = 4;
/** The first retry waits up to this long, each next one up to twice as long as the one before. */
const FIRST_BACKOFF_MS = 20;
/** What a client told to come back is told to wait, in seconds: the lock queue of a burst is gone by then. */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;

const SQLSTATES = new Set(['40P01', '40001']);

type ErrorFacts = {
  code?: unknown;
  originalCode?: unknown;
  kind?: unknown;
  meta?: { code?: unknown; driverAdapterError?: { cause?: unknown } };
  cause?: unknown;
  originalError?: unknown;
};

/**
 * Whether the database aborted the transaction for a deadlock or a serialization failure: node-postgres reports
 * the SQLSTATE as `code`, Prisma's driver adapters as the kind TransactionWriteConflict (Prisma code P2034), raw
 * queries through Prisma as `meta.code`.
 */
export function isTransactionConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const facts = current as ErrorFacts;
    if (facts.code === 'P2034' || facts.kind === 'TransactionWriteConflict') return true;
    if ([facts.code, facts.originalCode, facts.meta?.code].some((code) => SQLSTATES.has(String(code)))) return true;
    const adapterCause = facts.meta?.driverAdapterError?.cause;
    if (adapterCause && isTransactionConflict(adapterCause)) return true;
    current = facts.originalError ?? facts.cause;
  }
  return false;
}

/** The 503 for a transaction that kept being aborted. */
export function transactionConflictError(): AppError {
  return new AppError('UNAVAILABLE', MESSAGES.serviceBusy, { 'Retry-After': String(CONFLICT_RETRY_AFTER_SECONDS) });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it does not fail with a conflict, at most TRANSACTION_ATTEMPTS times, waiting a random
 * time before each retry ("full jitter": transactions that deadlocked together do not meet again in step).
 * Other errors pass through at once; the last conflict becomes the 503.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>, random: () => number = Math.random): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (tried >= TRANSACTION_ATTEMPTS) throw Object.assign(transactionConflictError(), { cause: error });
      await sleep(random() * FIRST_BACKOFF_MS * 2 ** (tried - 1));
    }
  }
}

/**
 * Makes the client's interactive transactions (`$transaction(async (tx) => …)`) retry on conflict. Their callbacks
 * only talk to the database through `tx`, so running one again after a rollback is running it for the first
 * time. (Batch transactions, `$transaction([…])`, are not used by the service and are left as they are.)
 */
export function retryingTransactions(prisma: PrismaClient): PrismaClient {
  // Unbound, and called with the receiver it is called on: a client derived with $extends hands its callbacks a
  // transaction client with its extensions.
  const original = prisma.$transaction as (this: unknown, ...args: unknown[]) => Promise<unknown>;
  function $transaction(this: unknown, ...args: unknown[]) {
    return typeof args[0] === 'function'
      ? retryOnConflict(() => original.apply(this, args))
      : original.apply(this, args);
  }
  Object.defineProperty(prisma, '$transaction', { value: $transaction, configurable: true, writable: true });
  return prisma;
}
