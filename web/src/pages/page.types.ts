// One entry of the page registry (registry.ts): everything the shell needs to route to a page, guard it and
// list it in the navigation. The page's module (one file under pages/) is loaded on first visit.
import type { ComponentType } from 'react';
import type { Permission } from '../access/permissions';

export type PageEntry = {
  /** The route under /app, in wouter's syntax: '/dids', '/dids/:did'. */
  path: string;
  /** The navigation label and the document title. */
  title: string;
  /** 'signed-out': only without a session (sign in, sign up); 'signed-in': with one, and `permissions`. */
  audience: 'signed-out' | 'signed-in';
  /** Every permission the page needs to be of use; the navigation names the ones the member lacks. */
  permissions: readonly Permission[];
  /** Listed in the navigation (pages reached from another, such as a detail page, are not). */
  nav: boolean;
  /** The page's module; its default export is the page. */
  load: () => Promise<{ default: ComponentType }>;
};
