// Custom domains: a tenant on Business or Enterprise claims a DNS name, proves it holds it with a
// TXT record at _credential-service.<domain>, and from then on the name serves its did:web DIDs, status lists
// and the API. Several tenants may claim one name while pending; the first to verify holds it and the other
// claims end. A verified name is re-checked daily (domains.jobs.ts); one whose record has been gone for
// UNVERIFY_AFTER_MS goes back to pending and stops being served.
import { randomBytes } from 'node:crypto';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { MESSAGES } from '../../lib/messages.js';
import { parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit, type AuditActor } from '../audit/audit.repository.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import { lockTenantPlan } from '../tenants/tenants.service.js';
import type { TxtLookup, TxtResolver } from './dns-txt.js';
import { createDomainInput, verificationRecordName } from './domains.inputs.js';
import * as repository from './domains.repository.js';
import type { DomainRow } from './domains.repository.js';
import type { VerifiedHosts } from './verified-hosts.js';
import { deactivateDidWebsOn } from '../dids/dids.repository.js';
import type { KeyType } from '../dids/signing-keys.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A verified domain whose record has not been seen for this long goes back to pending. */
export const UNVERIFY_AFTER_MS = 3 * DAY_MS;
/** How often a verified domain's record is looked up again. */
export const RECHECK_EVERY_MS = DAY_MS;

export type DomainCheck = { found: string[]; error: string | null };

export type DomainView = {
  id: string;
  domain: string;
  status: 'pending' | 'verified';
  verification: { type: 'TXT'; name: string; value: string };
  createdAt: Date;
  verifiedAt: Date | null;
  checkedAt: Date | null;
  lastSeenAt: Date | null;
  /** What the lookup of this request found (verify only). */
  check: DomainCheck | null;
};

function toView(row: DomainRow, check: DomainCheck | null = null): DomainView {
  return {
    id: row.id,
    domain: row.domain,
    status: row.status,
    verification: { type: 'TXT', name: verificationRecordName(row.domain), value: row.token },
    createdAt: row.createdAt,
    verifiedAt: row.verifiedAt,
    checkedAt: row.checkedAt,
    lastSeenAt: row.lastSeenAt,
    check,
  };
}

const newToken = () => `credential-service-verification=${randomBytes(24).toString('base64url')}`;
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/** The job's actor in the audit log: the service itself. */
const systemActor = (tenantId: string): AuditActor => ({
  tenantId,
  actorUserId: null,
  actorApiKeyId: null,
  requestId: null,
});

export type DomainsServiceDeps = { prisma: PrismaClient; lookupTxt: TxtResolver; verifiedHosts: VerifiedHosts };

export function createDomainsService({ prisma, lookupTxt, verifiedHosts }: DomainsServiceDeps) {
  async function requirePlan(tx: Prisma.TransactionClient, tenantId: string) {
    const plan = await lockTenantPlan(tx, tenantId);
    if (!plan.customDomains) throw forbidden(MESSAGES.customDomainsNotInPlan);
  }

  async function create(principal: Principal, rawInput: unknown, requestId: string | null): Promise<DomainView> {
    const { domain } = parseInput(createDomainInput, rawInput);
    try {
      return await prisma.$transaction(async (tx) => {
        // The name's lock before the tenant's row, in every transaction that takes both (see remove()).
        await repository.lockDomainName(tx, domain);
        await requirePlan(tx, principal.tenantId);
        if (await repository.findVerifiedHolder(tx, domain)) throw conflict(MESSAGES.domainAlreadyClaimed);
        const row = await repository.insertDomain(tx, principal.tenantId, domain, newToken());
        await recordAudit(tx, actorFrom(principal, requestId), {
          action: 'domain.added',
          targetType: 'domain',
          targetId: row.id,
          details: { domain },
        });
        return toView(row);
      });
    } catch (error) {
      // The tenant's own (tenant, domain) row already exists.
      if (isUniqueViolation(error)) throw conflict(MESSAGES.domainAlreadyClaimed);
      throw error;
    }
  }

  async function list(principal: Principal): Promise<DomainView[]> {
    return (await repository.listDomains(prisma, principal.tenantId)).map((row) => toView(row));
  }

  async function find(tenantId: string, id: string): Promise<DomainRow> {
    const row = isUuid(id) ? await repository.findDomain(prisma, tenantId, id) : null;
    if (!row) throw notFound(MESSAGES.domainNotFound);
    return row;
  }

  async function get(principal: Principal, id: string): Promise<DomainView> {
    return toView(await find(principal.tenantId, id));
  }

  /** Looks the TXT record up now and answers verified or pending with what was found. */
  async function verify(principal: Principal, id: string, requestId: string | null): Promise<DomainView> {
    const row = await find(principal.tenantId, id);
    // Refused before any lookup: a tenant off the plan makes us query nobody's DNS.
    if (!(await prisma.$transaction((tx) => lockTenantPlan(tx, principal.tenantId))).customDomains) {
      throw forbidden(MESSAGES.customDomainsNotInPlan);
    }
    const lookup = await lookupTxt(verificationRecordName(row.domain));
    const updated = await applyLookup(row, lookup, new Date(), actorFrom(principal, requestId));
    return toView(updated, checkOf(lookup));
  }

  /**
   * What a lookup means for a domain, written in one transaction: a pending domain whose token is found becomes
   * verified (unless another tenant got there first: 409); a verified one is seen again, or, gone for
   * UNVERIFY_AFTER_MS, goes back to pending. A failed lookup (timeout, SERVFAIL) changes nothing.
   */
  async function applyLookup(row: DomainRow, lookup: TxtLookup, now: Date, actor: AuditActor): Promise<DomainRow> {
    const seen = lookup.kind === 'found' && lookup.records.includes(row.token);
    if (row.status === 'pending' && seen) return claim(row, now, actor);
    const changed = await prisma.$transaction(async (tx) => {
      // A failed lookup is a check (the sweep moves on) that says nothing of the record.
      const gone = row.status === 'verified' && lookup.kind !== 'failed' && !seen;
      const lastSeen = (row.lastSeenAt ?? row.verifiedAt ?? row.createdAt).getTime();
      if (gone && now.getTime() - lastSeen >= UNVERIFY_AFTER_MS) {
        const { count } = await repository.markUnverified(tx, row.tenantId, row.id, now);
        if (count === 1) {
          const details = { domain: row.domain, last_seen_at: new Date(lastSeen).toISOString() };
          await recordAudit(tx, actor, {
            action: 'domain.unverified',
            targetType: 'domain',
            targetId: row.id,
            details,
          });
          await recordEvent(tx, row.tenantId, 'domain.unverified', {
            domain_id: row.id,
            domain: row.domain,
            last_seen_at: new Date(lastSeen).toISOString(),
            unverified_at: now.toISOString(),
          });
          return true;
        }
      } else {
        await repository.markChecked(tx, row.tenantId, row.id, now, seen);
      }
      return false;
    });
    if (changed) verifiedHosts.forget();
    return (await repository.findDomain(prisma, row.tenantId, row.id)) ?? row;
  }

  async function claim(row: DomainRow, now: Date, actor: AuditActor): Promise<DomainRow> {
    try {
      await prisma.$transaction(async (tx) => {
        await repository.lockDomainName(tx, row.domain);
        await requirePlan(tx, row.tenantId);
        const holder = await repository.findVerifiedHolder(tx, row.domain);
        if (holder && holder.id !== row.id) throw conflict(MESSAGES.domainAlreadyClaimed);
        const { count } = await repository.markVerified(tx, row.tenantId, row.id, row.domain, now);
        if (count === 0) throw notFound(MESSAGES.domainNotFound);
        await recordEvent(tx, row.tenantId, 'domain.verified', {
          domain_id: row.id,
          domain: row.domain,
          verified_at: now.toISOString(),
        });
        // The other tenants' pending claims on the name end: they hear of it as a removal.
        for (const other of await repository.otherPendingClaims(tx, row.domain, row.tenantId)) {
          await repository.deleteDomain(tx, other.tenantId, other.id);
          // A claim gone pending after its record lapsed may still have did:web DIDs: the name is another's now.
          await deactivateDidWebs(tx, other.tenantId, other.domain, now);
          await recordEvent(tx, other.tenantId, 'domain.removed', {
            domain_id: other.id,
            domain: other.domain,
            reason: 'claimed_by_another_tenant',
            removed_at: now.toISOString(),
          });
        }
        // Last: the chain head is the last lock a transaction takes (src/db/transactions.ts).
        await recordAudit(tx, actor, {
          action: 'domain.verified',
          targetType: 'domain',
          targetId: row.id,
          details: { domain: row.domain },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MESSAGES.domainAlreadyClaimed);
      throw error;
    }
    verifiedHosts.forget();
    return (await repository.findDomain(prisma, row.tenantId, row.id)) ?? row;
  }

  async function remove(principal: Principal, id: string, requestId: string | null): Promise<DomainView> {
    const row = await find(principal.tenantId, id);
    await prisma.$transaction(async (tx) => {
      // A did:web cannot be created on the name while its DIDs are being deactivated (dids.service.ts takes the
      // same lock). Always the name's lock first, then the tenant's row (the lock order: src/db/transactions.ts).
      await repository.lockDomainName(tx, row.domain);
      const { count } = await repository.deleteDomain(tx, principal.tenantId, row.id);
      if (count === 0) throw notFound(MESSAGES.domainNotFound);
      await deactivateDidWebs(tx, principal.tenantId, row.domain, new Date());
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'domain.removed',
        targetType: 'domain',
        targetId: row.id,
        details: { domain: row.domain, status: row.status },
      });
      await recordEvent(tx, principal.tenantId, 'domain.removed', {
        domain_id: row.id,
        domain: row.domain,
        reason: 'deleted',
        removed_at: new Date().toISOString(),
      });
    });
    verifiedHosts.forget();
    return toView(row);
  }

  /**
   * The daily re-check (domains.jobs.ts): every verified domain last checked a day or more before `now`,
   * looked up again, `batch` at a time. Returns how many were checked and how many went back to pending.
   */
  async function recheckDue(now: Date, batch = 100): Promise<{ checked: number; unverified: number }> {
    // A minute's slack: a domain checked by yesterday's run at this hour is due in today's.
    const before = new Date(now.getTime() - RECHECK_EVERY_MS + 60_000);
    const due = await repository.verifiedDomainsCheckedBefore(prisma, before, batch);
    let unverified = 0;
    for (const row of due) {
      const lookup = await lookupTxt(verificationRecordName(row.domain));
      const after = await applyLookup(row, lookup, now, systemActor(row.tenantId));
      if (after.status === 'pending') unverified++;
    }
    return { checked: due.length, unverified };
  }

  return { create, list, get, verify, remove, recheckDue };
}

/**
 * A tenant that no longer claims a name no longer has DIDs there: its did:web DIDs on it are deactivated (final,
 * as any deactivation), which frees did:web:<domain> for the name's next holder (a DID is unique among active
 * ones). Each is a did.deactivated event, as when the tenant deactivates one itself.
 */
async function deactivateDidWebs(tx: Prisma.TransactionClient, tenantId: string, domain: string, at: Date) {
  for (const row of await deactivateDidWebsOn(tx, tenantId, domain, at)) {
    await recordEvent(tx, tenantId, 'did.deactivated', {
      did: row.did,
      key_type: row.keyType as KeyType,
      deactivated_at: at.toISOString(),
    });
  }
}

function checkOf(lookup: TxtLookup): DomainCheck {
  if (lookup.kind === 'found') return { found: lookup.records, error: null };
  return { found: [], error: lookup.reason };
}

export type DomainsService = ReturnType<typeof createDomainsService>;
