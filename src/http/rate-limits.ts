// The service's rate limits (spec §8), all token buckets from src/lib/rate-limit:
// - per tenant, from its plan: capacity = burst, refilled at rpm/60 per second;
// - per client address, for requests that carry no valid credential (register, login, invitation sign-up,
//   bad tokens): blunts mass sign-up and credential stuffing;
// - per client address, more generous, for public documents verifiers fetch (status lists, DID resolution)
//   and for answers that need no credential at all (404, 405, OPTIONS);
// - per account, for failed logins: a stranger can slow an account's logins down, never lock it.
import type { ServerResponse } from 'node:http';
import type { Redis } from 'ioredis';
import type { Principal } from '../auth/principal.js';
import type { Config } from '../config.js';
import type { Logger } from '../lib/logger.js';
import { createTokenBucketLimiter, type BucketPolicy, type BucketVerdict } from '../lib/rate-limit/token-bucket.js';
import { PLANS } from '../modules/plans/plans.js';

/** Ten failed logins at once, then one a minute. */
export const LOGIN_FAILURE_POLICY: BucketPolicy = { burst: 10, perMinute: 1 };

export type RateLimits = ReturnType<typeof createRateLimits>;

export function createRateLimits(
  config: Pick<Config, 'authRateLimit' | 'publicRateLimit' | 'planRefillFactor'>,
  log: Logger,
  redis?: Redis,
) {
  const limiter = createTokenBucketLimiter({ prefix: 'rl', redis, log });
  const refillFactor = config.planRefillFactor ?? 1;
  const policyOf = (plan: Principal['plan']) => tenantPolicy(plan, refillFactor);
  return {
    backend: limiter.backend,
    /** The bucket of a tenant on `plan`: its plan's, or in a test run one refilled faster (PLAN_REFILL_FACTOR). */
    tenantPolicy: policyOf,
    forTenant: (principal: Principal, cost = 1) =>
      limiter.take(`tenant:${principal.tenantId}`, policyOf(principal.plan), cost),
    addressPolicy: config.authRateLimit,
    forAddress: (address: string, cost = 1) => limiter.take(`addr:${address}`, config.authRateLimit, cost),
    publicPolicy: config.publicRateLimit,
    /** Public documents (status lists, DID resolution, the OpenAPI document) and 404s, per client address. */
    forPublic: (address: string) => limiter.take(`public:${address}`, config.publicRateLimit),
    loginFailures: {
      /** Takes one attempt before the password is checked; a successful login gives it back. */
      take: (accountKey: string) => limiter.take(`login:${accountKey}`, LOGIN_FAILURE_POLICY),
      refund: (accountKey: string) => limiter.refund(`login:${accountKey}`, LOGIN_FAILURE_POLICY),
    },
  };
}

export function tenantPolicy(plan: Principal['plan'], refillFactor = 1): BucketPolicy {
  const { burst, perMinute } = PLANS[plan].rateLimit;
  return { burst, perMinute: perMinute * refillFactor };
}

/**
 * The RateLimit header fields of draft-ietf-httpapi-ratelimit-headers (the widely deployed "draft-6" form):
 * the bucket's capacity, what is left, and seconds until it is full again; the policy says the refill rate
 * per 60-second window and the burst.
 */
export function setRateLimitHeaders(response: ServerResponse, verdict: BucketVerdict, policy: BucketPolicy): void {
  response.setHeader('RateLimit-Limit', String(verdict.limit));
  response.setHeader('RateLimit-Remaining', String(verdict.remaining));
  response.setHeader('RateLimit-Reset', String(verdict.resetSeconds));
  response.setHeader('RateLimit-Policy', `${policy.perMinute};w=60;burst=${policy.burst}`);
}
