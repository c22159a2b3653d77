// The rules of the navigation and of the guard in front of every page, as pure functions of the registry and
// the member's permissions (unit-tested in navigation.test.ts).
import { missingPermissions, missingText, type Permission } from '../access/permissions';
import type { PageEntry } from './page.types';

export type NavItem = {
  path: string;
  title: string;
  /** Shown disabled, with `reason`, when the member lacks any of the page's permissions. */
  enabled: boolean;
  missing: Permission[];
  reason: string;
};

/** The signed-in pages listed in the navigation, in registry order; none is hidden, some are disabled. */
export function navItems(pages: readonly PageEntry[], granted: readonly string[]): NavItem[] {
  return pages
    .filter((page) => page.audience === 'signed-in' && page.nav)
    .map((page) => {
      const missing = missingPermissions(granted, page.permissions);
      return { path: page.path, title: page.title, enabled: missing.length === 0, missing, reason: missingText(missing) };
    });
}

export type Access =
  | { kind: 'show' }
  /** Signed out on a page that needs a session: to sign-in, coming back here after. */
  | { kind: 'sign-in'; to: string }
  /** Signed in on sign-in or sign-up: on to where the member was going. */
  | { kind: 'leave'; to: string }
  | { kind: 'forbidden'; missing: Permission[] }
  /** Signed in, `me` not loaded yet. */
  | { kind: 'wait' };

/**
 * What to do with a visit to `page`. `location` is the path under /app and `search` its query string (the
 * `next` of a sign-in redirect); `granted` is null while `me` loads.
 */
export function pageAccess(
  page: PageEntry,
  session: { signedIn: boolean; granted: readonly string[] | null },
  location: string,
  search: string,
): Access {
  if (page.audience === 'signed-out') {
    return session.signedIn ? { kind: 'leave', to: nextPath(search) } : { kind: 'show' };
  }
  if (!session.signedIn) return { kind: 'sign-in', to: signInPath(location, search) };
  if (session.granted === null) return { kind: 'wait' };
  const missing = missingPermissions(session.granted, page.permissions);
  return missing.length ? { kind: 'forbidden', missing } : { kind: 'show' };
}

export function signInPath(location: string, search = ''): string {
  const here = location + (search ? `?${search.replace(/^\?/, '')}` : '');
  return here === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(here)}`;
}

/** The `next` of a sign-in link when it is a path of this app; anything else (another origin) is ignored. */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : '/';
}
