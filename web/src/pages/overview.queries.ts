// The overview's queries, shared by the page and the registry's prefetch: the first page most visits open, so
// its data is asked for beside `me` rather than after it (one round trip less before the first render).
import type { Client } from 'urql';
import { RecentEventsDocument, UsageDocument } from '../generated/graphql';

export const RECENT_EVENTS = 10;
export const recentEventsVariables = { limit: RECENT_EVENTS };

export function prefetchOverview(client: Client): void {
  void client.query(UsageDocument, {}).toPromise();
  void client.query(RecentEventsDocument, recentEventsVariables).toPromise();
}
