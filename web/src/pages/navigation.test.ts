// The registry's rules: what the navigation lists and enables for a role, and what a visit to a page does
// (show it, go to sign-in and back, leave sign-in, refuse naming the permission, wait for `me`).
import { describe, expect, it } from 'vitest';
import { BUILTIN_ROLES } from '../../../src/auth/builtin-roles';
import { isPermission } from '../../../src/auth/permissions';
import { navItems, nextPath, pageAccess, signInPath } from './navigation';
import type { PageEntry } from './page.types';
import { PAGES } from './registry';

const role = (name: string) => BUILTIN_ROLES.find((candidate) => candidate.name === name)!.permissions;
const load = async () => ({ default: () => null });

const FIXTURE: PageEntry[] = [
  { path: '/sign-in', title: 'Sign in', audience: 'signed-out', permissions: [], nav: false, load },
  { path: '/', title: 'Home', audience: 'signed-in', permissions: [], nav: true, load },
  { path: '/billing', title: 'Billing', audience: 'signed-in', permissions: ['usage:read', 'billing:manage'], nav: true, load },
  { path: '/billing/:id', title: 'Invoice', audience: 'signed-in', permissions: ['billing:manage'], nav: false, load },
];

describe('the navigation', () => {
  it('lists the signed-in pages marked for it, in registry order; sign-in and detail pages are not listed', () => {
    expect(navItems(FIXTURE, role('owner')).map((item) => item.path)).toEqual(['/', '/billing']);
  });

  it('disables, never hides, a page the role cannot use, naming what it lacks', () => {
    const items = navItems(FIXTURE, role('admin'));
    expect(items.map((item) => item.path)).toEqual(['/', '/billing']);
    expect(items[0]).toMatchObject({ enabled: true, missing: [], reason: '' });
    expect(items[1]).toMatchObject({ enabled: false, missing: ['billing:manage'], reason: 'needs billing:manage' });
    expect(navItems(FIXTURE, [])[1]!.reason).toBe('needs usage:read and billing:manage');
  });

  it('for the real registry: an owner may use every page; a viewer sees every page and may use the read-only ones', () => {
    const owner = navItems(PAGES, role('owner'));
    expect(owner.length).toBeGreaterThan(0);
    expect(owner.every((item) => item.enabled)).toBe(true);
    const viewer = navItems(PAGES, role('viewer'));
    expect(viewer.map((item) => item.path)).toEqual(owner.map((item) => item.path));
    expect(viewer.find((item) => item.path === '/dids')).toMatchObject({ enabled: true });
    expect(navItems(PAGES, []).every((item) => item.enabled === (item.missing.length === 0))).toBe(true);
  });
});

describe('the registry', () => {
  it('has one entry a path, permissions from the catalogue, and none on signed-out pages', () => {
    const paths = PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const page of PAGES) {
      expect(page.path, page.title).toMatch(/^\//);
      expect(page.title.trim(), page.path).not.toBe('');
      for (const permission of page.permissions) expect(isPermission(permission), `${page.path}: ${permission}`).toBe(true);
      if (page.audience === 'signed-out') expect(page.permissions, page.path).toEqual([]);
    }
    expect(paths).toEqual(expect.arrayContaining(['/sign-in', '/sign-up', '/', '/dids', '/dids/:did']));
  });

  it('names modules whose default export is a page', async () => {
    for (const page of PAGES) {
      const module = await page.load();
      expect(typeof module.default, page.path).toBe('function');
    }
  });
});

describe('a visit to a page', () => {
  const [signIn, home, billing] = FIXTURE as [PageEntry, PageEntry, PageEntry];
  const owner = { signedIn: true, granted: role('owner') };
  const signedOut = { signedIn: false, granted: null };

  it('signed out: a signed-in page sends to sign-in with the way back; sign-in is shown', () => {
    expect(pageAccess(billing, signedOut, '/billing', '?tab=2')).toEqual({
      kind: 'sign-in',
      to: '/sign-in?next=%2Fbilling%3Ftab%3D2',
    });
    expect(pageAccess(home, signedOut, '/', '')).toEqual({ kind: 'sign-in', to: '/sign-in' });
    expect(pageAccess(signIn, signedOut, '/sign-in', '')).toEqual({ kind: 'show' });
  });

  it('signed in: sign-in moves on to next; a page waits for me, then shows or names the missing permission', () => {
    expect(pageAccess(signIn, owner, '/sign-in', 'next=%2Fbilling')).toEqual({ kind: 'leave', to: '/billing' });
    expect(pageAccess(billing, { signedIn: true, granted: null }, '/billing', '')).toEqual({ kind: 'wait' });
    expect(pageAccess(billing, owner, '/billing', '')).toEqual({ kind: 'show' });
    expect(pageAccess(billing, { signedIn: true, granted: role('admin') }, '/billing', '')).toEqual({
      kind: 'forbidden',
      missing: ['billing:manage'],
    });
  });

  it('goes on only to paths of this app after sign-in', () => {
    expect(nextPath('next=%2Fdids%2Fdid%253Akey')).toBe('/dids/did%3Akey');
    for (const hostile of ['next=https%3A%2F%2Fevil.example', 'next=%2F%2Fevil.example', 'next=%2F%5Cevil.example', 'next=javascript:alert(1)', '']) {
      expect(nextPath(hostile), hostile).toBe('/');
    }
    expect(signInPath('/dids', '')).toBe('/sign-in?next=%2Fdids');
  });
});
