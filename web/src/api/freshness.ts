// How long an answer stays good enough to show without asking again. Each request spends a token of the
// tenant's bucket (the free plan refills ten a minute), so going back to a page just seen must not cost one;
// yet what a page shows moves with what is done elsewhere (usage, events, the audit log), so an older answer
// is shown at once and asked for again (cache-and-network, the client's default).
//
// The rule: a query answered by the network less than FRESH_MS ago, with no mutation since, is served from
// urql's document cache alone (cache-first). Any mutation the dashboard makes ends every answer's freshness,
// since one change shows on several pages (a DID created moves the overview's usage and events, the audit
// log); the document cache already drops and refetches the answers that name a type the mutation returned.
// A mutation that changes nothing (verifying a credential) says so with `changesNothing`.
import { makeOperation, mapExchange, type Exchange } from '@urql/core';

export const FRESH_MS = 30_000;

declare module '@urql/core' {
  interface OperationContext {
    /** This mutation writes nothing a page shows: answers stay fresh after it. */
    changesNothing?: boolean;
  }
}

export function freshnessExchange(freshMs = FRESH_MS, now: () => number = Date.now): Exchange {
  const answeredAt = new Map<number, number>();
  return mapExchange({
    onOperation(operation) {
      if (operation.kind !== 'query' || operation.context.requestPolicy !== 'cache-and-network') return operation;
      const at = answeredAt.get(operation.key);
      if (at === undefined || now() - at >= freshMs) return operation;
      return makeOperation('query', operation, { ...operation.context, requestPolicy: 'cache-first' });
    },
    onResult(result) {
      const { operation } = result;
      if (operation.kind === 'mutation') {
        if (result.data && !operation.context.changesNothing) answeredAt.clear();
      } else if (
        operation.kind === 'query' &&
        result.data &&
        !result.error &&
        operation.context.meta?.cacheOutcome !== 'hit'
      ) {
        answeredAt.set(operation.key, now());
      }
    },
  });
}
