// The registry made into routes: each page behind the guard of pageAccess() (pages/navigation.ts), loaded
// lazily, with its title as the document's title.
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { PermissionNote } from '../access/can';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { pageAccess } from '../pages/navigation';
import type { PageEntry } from '../pages/page.types';
import { PAGES } from '../pages/registry';
import { useSession } from '../session/session';
import { PRODUCT_NAME } from '../vocabulary';
import { loadPage, loadedPages } from './page-modules';

const components = new Map<PageEntry, LazyExoticComponent<ComponentType>>(
  PAGES.map((page) => [page, lazy(() => loadPage(page))]),
);

export function PageRoutes() {
  return (
    <Switch>
      {PAGES.map((page) => (
        <Route key={page.path} path={page.path}>
          <GuardedPage page={page} />
        </Route>
      ))}
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

function GuardedPage({ page }: { page: PageEntry }) {
  const session = useSession();
  const [location] = useLocation();
  const search = useSearch();
  useEffect(() => {
    document.title = `${page.title} · ${PRODUCT_NAME}`;
  }, [page.title]);
  const access = pageAccess(
    page,
    { signedIn: session.token !== null, granted: session.me?.permissions ?? null },
    location,
    search,
  );
  // While `me` loads, fetch the page's module too, rather than one after the other.
  useEffect(() => {
    if (access.kind === 'wait') void loadPage(page).catch(() => {});
  }, [access.kind, page]);
  switch (access.kind) {
    case 'sign-in':
    case 'leave':
      return <Redirect to={access.to} replace />;
    case 'wait':
      return session.meError ? (
        <section aria-labelledby="page-title">
          <h1 id="page-title">{page.title}</h1>
          <ErrorMessage error={session.meError} />
          <button type="button" onClick={session.refreshMe}>
            Try again
          </button>
        </section>
      ) : (
        <Loading label="Loading your account" />
      );
    case 'forbidden':
      return (
        <section aria-labelledby="page-title">
          <h1 id="page-title">{page.title}</h1>
          <PermissionNote missing={access.missing} />
        </section>
      );
    case 'show': {
      const Ready = loadedPages.get(page);
      if (Ready) return <Ready />;
      const Page = components.get(page)!;
      return (
        <Suspense fallback={<Loading label={`Loading ${page.title}`} />}>
          <Page />
        </Suspense>
      );
    }
  }
}

function NotFound() {
  useEffect(() => {
    document.title = `Not found · ${PRODUCT_NAME}`;
  }, []);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Not found</h1>
      <p>There is no such page in the dashboard.</p>
    </section>
  );
}
