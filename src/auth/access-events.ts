// "Who may do what changed in tenant T": raised after a change commits (logout, role or membership change,
// key revocation, role edit, plan change). It drops the tenant's cached principals here and, through Redis
// pub/sub when configured, in every other instance, so the change applies to the very next request.
import type { Redis } from 'ioredis';
import type { Logger } from '../lib/logger.js';
import type { PrincipalCache } from './principal-cache.js';

const CHANNEL = 'credential-service:access-changed';

export type AccessEvents = { changed(tenantId: string): void; close(): void };

export function createAccessEvents(cache: PrincipalCache, log: Logger, redis?: Redis): AccessEvents {
  const subscriber = redis?.duplicate();
  subscriber?.on('error', () => undefined); // the main client logs Redis trouble; one report is enough
  // The client queues nothing while disconnected (it must never hold a request up), so subscribe whenever the
  // connection is (re)established; subscribing twice to one channel is harmless.
  subscriber?.on('ready', () => {
    subscriber.subscribe(CHANNEL).catch((error) => log.warn({ err: error }, 'access-change subscription failed'));
  });
  subscriber?.on('message', (_channel: string, tenantId: string) => cache.invalidateTenant(tenantId));
  return {
    changed(tenantId) {
      cache.invalidateTenant(tenantId);
      redis?.publish(CHANNEL, tenantId).catch((error) => log.warn({ err: error }, 'access-change broadcast failed'));
    },
    close() {
      subscriber?.disconnect();
    },
  };
}

/** Raises the change once `committed` has resolved: never before the new state is visible to readers. */
export async function afterCommit<T>(access: AccessEvents, tenantId: string, committed: Promise<T>): Promise<T> {
  const result = await committed;
  access.changed(tenantId);
  return result;
}
