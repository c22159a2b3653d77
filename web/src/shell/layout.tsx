// The frame of every page: a skip link, the banner (tenant, member, sign out), the navigation once signed in,
// and the main landmark, which takes the focus after each navigation so that keyboard and screen reader
// users start at the new page's content.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useSession } from '../session/session';
import { Navigation } from './navigation';
import { RateLimitNotice } from './rate-limit-notice';
import { PRODUCT_NAME } from '../vocabulary';

export function Layout({ children }: { children: ReactNode }) {
  const session = useSession();
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [location]);
  const signedIn = session.token !== null && session.me !== null;
  return (
    <div className={signedIn ? 'app app-signed-in' : 'app'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <Link href="/" className="app-name">
          {PRODUCT_NAME}
        </Link>
        {signedIn && <Account />}
      </header>
      {signedIn && <Navigation />}
      <main id="main" ref={main} tabIndex={-1} className="app-main">
        <RateLimitNotice />
        {children}
      </main>
    </div>
  );
}

function Account() {
  const { me, signOut } = useSession();
  const [busy, setBusy] = useState(false);
  if (!me) return null;
  const tenant = me.tenants.find((membership) => membership.id === me.tenantId);
  return (
    <div className="account">
      <span className="account-who">
        <span className="account-tenant">{tenant?.name ?? 'Tenant'}</span>
        <span className="account-user">
          {me.displayName} · {me.role}
        </span>
      </span>
      <button
        type="button"
        className="button-secondary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void signOut();
        }}
      >
        {busy ? 'Signing out…' : 'Sign out'}
      </button>
    </div>
  );
}
