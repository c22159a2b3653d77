// The rules of the team pages (members, invitations, roles, API keys, usage and plan, audit log), and that
// the dashboard's copies of the service's rules (plans, role names, the custom roles refusal) match them.
import { describe, expect, it } from 'vitest';
import { BUILTIN_ROLES } from '../../../src/auth/builtin-roles';
import { PERMISSIONS } from '../../../src/auth/permissions';
import { MESSAGES } from '../../../src/lib/messages';
import { planChangeObstacles, PLANS } from '../../../src/modules/plans/plans';
import { ROLE_NAME_PATTERN as SERVICE_ROLE_NAME_PATTERN } from '../../../src/modules/roles/roles.inputs';
import { expiresAt, keyState, scopesText, scopesToSend } from './api-keys.rules';
import {
  actionsOf,
  actorText,
  filterAudit,
  NO_FILTERS,
  targetText,
  verificationText,
  type AuditRow,
} from './audit.rules';
import { acceptPath, invitationLink, tokenOfAcceptSearch, tokenOfJoinSearch, tokenProblem } from './invitations.rules';
import { nextPath } from './navigation';
import {
  areaLabel,
  beyondHeld,
  CUSTOM_ROLES_REASON,
  draftProblem,
  grantable,
  groupByArea,
  roleEditorGate,
  ROLE_NAME_PATTERN,
} from './roles.rules';
import { planMove, PLAN_OFFERS, type UsageFigures } from './usage.rules';

const role = (name: string) =>
  BUILTIN_ROLES.find((candidate) => candidate.name === name)!.permissions as readonly string[];

describe('permissions grouped by area', () => {
  it('keeps the catalogue’s order, names every area of the catalogue, drops duplicates', () => {
    const groups = groupByArea([...PERMISSIONS, 'dids:list']);
    expect(groups.map((group) => group.area)).toEqual([
      ...new Set(PERMISSIONS.map((permission) => permission.split(':')[0])),
    ]);
    expect(groups.flatMap((group) => group.permissions)).toEqual([...PERMISSIONS]);
    // Every area has a name of its own, not the fallback.
    for (const group of groups) expect(group.label, group.area).not.toBe(group.area);
    expect(groups.find((group) => group.area === 'api_keys')!.label).toBe('API keys');
    expect(areaLabel('some_new_area')).toBe('Some new area');
  });

  it('offers a viewer only what a viewer holds, and sends only that', () => {
    const viewer = role('viewer');
    expect(groupByArea(viewer).flatMap((group) => group.permissions)).toEqual(viewer);
    expect(grantable(['credentials:issue', 'dids:list', 'usage:read'], viewer)).toEqual(['dids:list', 'usage:read']);
    expect(beyondHeld(role('issuer'), viewer)).toEqual([
      'credentials:issue',
      'credentials:verify',
      'credentials:revoke',
      'dids:create',
      'dids:deactivate',
      'didcomm:send',
    ]);
    expect(beyondHeld(role('viewer'), role('admin'))).toEqual([]);
  });
});

describe('the custom role editor', () => {
  const manage = { allowed: true, reason: '' };
  it('is greyed on a plan without custom roles, with the service’s reason and the plan named', () => {
    const gate = roleEditorGate({ canManage: manage, plan: 'developer', customRolesAllowed: false });
    expect(gate).toEqual({
      usable: false,
      why: 'plan',
      reason: 'Custom roles require the Business or Enterprise plan; this tenant is on the Developer plan.',
    });
    // The same words as the service's refusal (src/lib/messages.ts).
    expect(CUSTOM_ROLES_REASON.toLowerCase()).toBe(MESSAGES.customRolesNotInPlan);
    // The plans the reason names are the ones that offer custom roles.
    const offering = Object.values(PLANS)
      .filter((plan) => plan.customRoles)
      .map((plan) => plan.displayName);
    expect(offering).toEqual(['Business', 'Enterprise']);
  });

  it('is usable on Business and Enterprise with roles:manage; names the permission without it', () => {
    expect(roleEditorGate({ canManage: manage, plan: 'business', customRolesAllowed: true })).toEqual({ usable: true });
    expect(
      roleEditorGate({
        canManage: { allowed: false, reason: 'needs roles:manage' },
        plan: 'business',
        customRolesAllowed: true,
      }),
    ).toEqual({
      usable: false,
      why: 'permission',
      reason: 'Editing roles needs roles:manage.',
    });
    // Plan unknown (no usage:read): offered, the service decides.
    expect(roleEditorGate({ canManage: manage, plan: null, customRolesAllowed: null })).toEqual({ usable: true });
  });

  it('checks a draft as the service would', () => {
    expect(ROLE_NAME_PATTERN.source).toBe(SERVICE_ROLE_NAME_PATTERN.source);
    const permissions = new Set(['audit:read']);
    expect(draftProblem({ name: 'auditor', description: '', permissions })).toBeNull();
    expect(draftProblem({ name: ' ', description: '', permissions })).toBe('Give the role a name.');
    expect(draftProblem({ name: 'Auditor', description: '', permissions })).toMatch(/lowercase/);
    expect(draftProblem({ name: 'a--b', description: '', permissions })).toMatch(/single/);
    expect(draftProblem({ name: 'x'.repeat(51), description: '', permissions })).toMatch(/50/);
    expect(draftProblem({ name: 'auditor', description: '', permissions: new Set() })).toBe(
      'Choose at least one permission.',
    );
  });
});

describe('API keys', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  it('are scoped to chosen permissions the creator holds, or to the creator’s role', () => {
    const viewer = role('viewer');
    expect(scopesToSend('role', ['dids:list'], viewer)).toEqual({ scopes: null });
    expect(scopesToSend('scoped', ['usage:read', 'dids:list', 'billing:manage'], viewer)).toEqual({
      scopes: ['dids:list', 'usage:read'],
    });
    expect(scopesToSend('scoped', ['billing:manage'], viewer)).toEqual({
      problem: expect.stringMatching(/at least one scope/),
    });
    expect(scopesText(null)).toMatch(/role/);
    expect(scopesText(['a:b', 'c:d'])).toBe('a:b, c:d');
  });

  it('expire never, in some days, or at the end of a future day', () => {
    expect(expiresAt('never', '', now)).toEqual({ expiresAt: null });
    expect(expiresAt('30', '', now)).toEqual({ expiresAt: '2026-12-24T10:00:00.000Z' });
    const day = expiresAt('date', '2027-01-31', now);
    expect('expiresAt' in day && new Date(day.expiresAt!).getDate()).toBe(31);
    expect(expiresAt('date', '', now)).toEqual({ problem: 'Choose the day the key expires.' });
    expect(expiresAt('date', '2020-01-01', now)).toEqual({ problem: 'The expiry must be in the future.' });
  });

  it('are active, expired or revoked', () => {
    expect(keyState({ revokedAt: null, expiresAt: null }, now)).toBe('active');
    expect(keyState({ revokedAt: null, expiresAt: '2026-11-24T09:59:59Z' }, now)).toBe('expired');
    expect(keyState({ revokedAt: '2026-11-01T00:00:00Z', expiresAt: '2030-01-01T00:00:00Z' }, now)).toBe('revoked');
  });
});

describe('plans', () => {
  it('are the service’s plans, limit for limit', () => {
    expect(PLAN_OFFERS.map((offer) => offer.name)).toEqual(Object.keys(PLANS));
    for (const offer of PLAN_OFFERS) {
      const plan = PLANS[offer.name];
      expect(offer).toEqual({
        name: plan.name,
        label: plan.displayName,
        requestsPerMinute: plan.rateLimit.perMinute,
        burst: plan.rateLimit.burst,
        credentialsPerMonth: plan.quotas.credentialsPerMonth,
        dids: plan.quotas.dids,
        members: plan.quotas.members,
        customRoles: plan.customRoles,
        customDomains: plan.customDomains,
      });
    }
  });

  const usage = (overrides: Partial<UsageFigures>): UsageFigures => ({
    plan: 'business',
    members: 1,
    pendingInvitations: 0,
    activeDids: 0,
    credentialsIssuedThisMonth: 0,
    customRoles: 0,
    ...overrides,
  });

  it('foresee a refusal exactly when the service refuses (what the page can see of the usage)', () => {
    const cases = [
      usage({}),
      usage({ members: 2 }),
      usage({ members: 1, pendingInvitations: 1 }),
      usage({ activeDids: 2, credentialsIssuedThisMonth: 101 }),
      usage({ customRoles: 1 }),
      usage({ members: 6, activeDids: 6, credentialsIssuedThisMonth: 1001, customRoles: 2 }),
    ];
    for (const figures of cases) {
      for (const offer of PLAN_OFFERS) {
        const move = planMove(figures, offer);
        const service = planChangeObstacles(PLANS[offer.name], {
          members: figures.members,
          pendingInvitations: figures.pendingInvitations,
          activeDids: figures.activeDids,
          customRoles: figures.customRoles,
          credentialsThisMonth: figures.credentialsIssuedThisMonth,
          verifiedDomains: 0,
        });
        if (move.kind === 'current') expect(offer.name).toBe(figures.plan);
        else expect(move.obstacles.length, `${offer.name} ${JSON.stringify(figures)}`).toBe(service.length);
      }
    }
  });

  it('say up or down, and why a move down does not fit', () => {
    expect(planMove(usage({ plan: 'developer' }), PLAN_OFFERS[2]!)).toEqual({ kind: 'upgrade', obstacles: [] });
    expect(planMove(usage({ members: 2, customRoles: 1 }), PLAN_OFFERS[0]!)).toEqual({
      kind: 'downgrade',
      obstacles: ['2 members and pending invitations (it allows 1)', '1 custom role (it has none)'],
    });
    expect(planMove(usage({}), PLAN_OFFERS[2]!)).toEqual({ kind: 'current' });
  });
});

describe('invitation links', () => {
  const token = `bsi_${'ab'.repeat(32)}`;
  it('lead to the join page, whose guard sends a signed-in visitor on to accept with the same token', () => {
    const link = new URL(invitationLink('https://credentials.example', '/app', token));
    expect(link.pathname).toBe('/app/join');
    // The token once, inside next.
    expect(link.href.split(token).length - 1).toBe(1);
    expect(tokenOfJoinSearch(link.search)).toBe(token);
    // The shell's guard (nextPath) takes `next` as a path of this app: the accept page, with the token.
    const next = nextPath(link.search);
    expect(next).toBe(acceptPath(token));
    expect(tokenOfAcceptSearch(next.split('?')[1]!)).toBe(token);
  });

  it('are read from a pasted token too, and checked before they are sent', () => {
    expect(tokenOfJoinSearch(`?token=${token}`)).toBe(token);
    expect(tokenOfJoinSearch('?next=%2Fdids%3Ftoken%3Dbsi_x')).toBe('');
    expect(tokenOfJoinSearch('')).toBe('');
    expect(tokenProblem(token)).toBeNull();
    expect(tokenProblem('')).toMatch(/Paste/);
    expect(tokenProblem('bss_abc')).toMatch(/starts with bsi_/);
  });
});

describe('the audit log', () => {
  const row = (overrides: Partial<AuditRow>): AuditRow => ({
    id: crypto.randomUUID(),
    seq: 1,
    action: 'member.invited',
    actorUserId: 'u-ada',
    actorApiKeyId: null,
    targetType: 'invitation',
    targetId: 'i-1',
    createdAt: '2026-11-24T10:00:00.000Z',
    ...overrides,
  });
  const names = new Map([['u-ada', 'Ada <ada@example.com>']]);
  const rows = [
    row({
      seq: 3,
      action: 'api_key.revoked',
      targetType: 'api_key',
      targetId: 'k-1',
      createdAt: '2026-11-24T12:00:00.000Z',
    }),
    row({
      seq: 2,
      action: 'api_key.created',
      targetType: 'api_key',
      targetId: 'k-1',
      actorApiKeyId: 'k-0',
      createdAt: '2026-11-24T11:00:00.000Z',
    }),
    row({ seq: 1, actorUserId: null }),
  ];

  it('names the actor', () => {
    expect(actorText(rows[0]!, names)).toBe('Ada <ada@example.com>');
    expect(actorText(rows[1]!, names)).toBe('API key k-0 of Ada <ada@example.com>');
    expect(actorText(rows[2]!, names)).toBe('the service');
    expect(actorText(rows[0]!, new Map())).toBe('u-ada');
    expect(targetText({ targetType: 'member', targetId: 'u-ada' }, names)).toBe('member Ada <ada@example.com>');
    expect(targetText({ targetType: 'api_key', targetId: 'u-ada' }, names)).toBe('api_key u-ada');
    expect(targetText({ targetType: 'tenant', targetId: null }, names)).toBe('tenant');
  });

  it('filters the loaded page by action, actor, target and time', () => {
    const seqs = (filters: Partial<typeof NO_FILTERS>) =>
      filterAudit(rows, { ...NO_FILTERS, ...filters }, names).map((event) => event.seq);
    expect(seqs({})).toEqual([3, 2, 1]);
    expect(seqs({ action: 'api_key.created' })).toEqual([2]);
    expect(seqs({ actor: 'ada@' })).toEqual([3, 2]);
    expect(seqs({ actor: 'k-0' })).toEqual([2]);
    expect(seqs({ target: 'API_KEY k-1' })).toEqual([3, 2]);
    const local = (iso: string) => {
      const date = new Date(iso);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
    };
    expect(seqs({ from: local('2026-11-24T11:00:00.000Z') })).toEqual([3, 2]);
    // "To" takes in its whole minute.
    expect(seqs({ to: local('2026-11-24T11:00:30.000Z') })).toEqual([2, 1]);
    expect(actionsOf(rows)).toEqual(['api_key.created', 'api_key.revoked', 'member.invited']);
  });

  it('says what the chain verification found', () => {
    const hash = 'e3b0'.repeat(16);
    expect(verificationText({ valid: true, eventsChecked: 3, head: { seq: 3, hash }, firstBreak: null })).toBe(
      'The audit chain is intact: 3 events checked, up to #3 (hash e3b0e3b0e3b0…).',
    );
    expect(verificationText({ valid: true, eventsChecked: 0, head: null, firstBreak: null })).toMatch(/no event yet/);
    expect(
      verificationText({
        valid: false,
        eventsChecked: 7,
        head: null,
        firstBreak: { seq: 7, reason: 'hash_mismatch', expected: 'aa', found: 'bb' },
      }),
    ).toBe(
      'The audit chain is broken at #7: the event was edited (it no longer hashes to its hash). Expected aa, found bb.',
    );
  });
});
