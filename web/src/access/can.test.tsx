// Permission gating: which permissions a control lacks, what it says, and what <Can> renders.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../src/auth/permissions';
import { BUILTIN_ROLES } from '../../../src/auth/builtin-roles';
import { createRateLimitStore } from '../api/rate-limit';
import { SessionContext, type Me, type Session } from '../session/session';
import { createSessionStore } from '../session/session-store';
import { Can, verdict } from './can';
import { missingPermissions, missingText } from './permissions';

const role = (name: string) => BUILTIN_ROLES.find((candidate) => candidate.name === name)!.permissions;

function sessionWith(permissions: readonly string[], roleName = 'viewer'): Session {
  const me: Me = {
    __typename: 'Me',
    userId: 'u',
    email: 'e@example.com',
    displayName: 'E',
    tenantId: 't',
    role: roleName,
    permissions: [...permissions],
    tenants: [],
  } as Me;
  return {
    token: 'bss_test',
    ended: 'none',
    me,
    meError: undefined,
    store: createSessionStore(null),
    rateLimits: createRateLimitStore(),
    signIn: () => {},
    signOut: async () => {},
    refreshMe: () => {},
  };
}

const render = (session: Session, element: React.ReactElement) =>
  renderToStaticMarkup(<SessionContext.Provider value={session}>{element}</SessionContext.Provider>);

describe('missingPermissions', () => {
  it('is empty when every needed permission is granted, else lists the missing ones in the order needed', () => {
    expect(missingPermissions(['dids:list', 'dids:create'], ['dids:create'])).toEqual([]);
    expect(missingPermissions(['dids:list'], ['dids:create', 'dids:list', 'dids:deactivate'])).toEqual([
      'dids:create',
      'dids:deactivate',
    ]);
    expect(missingPermissions(new Set(['dids:list']), ['dids:list'])).toEqual([]);
    expect(missingPermissions([], [])).toEqual([]);
  });

  it('follows the built-in roles: the owner lacks nothing, the viewer cannot write', () => {
    expect(missingPermissions(role('owner'), PERMISSIONS)).toEqual([]);
    expect(missingPermissions(role('admin'), PERMISSIONS)).toEqual(['billing:manage']);
    expect(missingPermissions(role('viewer'), ['dids:list', 'usage:read'])).toEqual([]);
    expect(missingPermissions(role('viewer'), ['dids:create'])).toEqual(['dids:create']);
  });

  it('is not fooled by prefixes or case', () => {
    expect(missingPermissions(['dids:*', 'DIDS:CREATE', 'dids'], ['dids:create'])).toEqual(['dids:create']);
  });
});

describe('what a gated control says', () => {
  it('names the missing permissions', () => {
    expect(missingText([])).toBe('');
    expect(missingText(['dids:create'])).toBe('needs dids:create');
    expect(missingText(['dids:create', 'dids:list', 'usage:read'])).toBe('needs dids:create, dids:list and usage:read');
    expect(verdict(['dids:list'], 'dids:create')).toEqual({
      allowed: false,
      missing: ['dids:create'],
      reason: 'needs dids:create',
    });
    expect(verdict(['dids:create'], ['dids:create']).allowed).toBe(true);
  });
});

describe('<Can>', () => {
  it('renders its children when the role holds the permission', () => {
    const html = render(sessionWith(role('issuer'), 'issuer'), <Can permission="dids:create">create</Can>);
    expect(html).toBe('create');
  });

  it('otherwise says which permission the role lacks, or shows the fallback given', () => {
    const viewer = sessionWith(role('viewer'));
    expect(render(viewer, <Can permission="dids:create">create</Can>)).toBe(
      '<p class="permission-note">Your role (viewer) needs dids:create.</p>',
    );
    expect(render(viewer, <Can permission={['dids:create', 'webhooks:manage']} fallback={<i>no</i>}>create</Can>)).toBe(
      '<i>no</i>',
    );
    expect(render(viewer, <Can permission="dids:create" fallback={null}>create</Can>)).toBe('');
  });

  it('shows nothing gated while me is not loaded (no permissions yet)', () => {
    const loading = { ...sessionWith([]), me: null };
    expect(render(loading, <Can permission="usage:read" fallback={null}>usage</Can>)).toBe('');
  });
});
