// Page modules, loaded on first visit and remembered, so a page whose module has arrived renders at once.
// Through React.lazy alone its first render would suspend even then (lazy learns of a resolved promise only by
// awaiting it), and React holds a Suspense boundary's reveal back for up to 300 ms: measured, most of the
// overview's first render after `me` came back.
import type { ComponentType } from 'react';
import type { PageEntry } from '../pages/page.types';
import { PAGES } from '../pages/registry';

export const loadedPages = new Map<PageEntry, ComponentType>();

export const loadPage = (page: PageEntry) =>
  page.load().then((module) => {
    loadedPages.set(page, module.default);
    return module;
  });

/** Starts loading the module of the page at `path` (a path without parameters; others wait for the router). */
export function preloadPageAt(path: string | null): void {
  const page = PAGES.find((entry) => entry.path === path);
  if (page) void loadPage(page).catch(() => {});
}
