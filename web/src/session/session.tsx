// The signed-in member, for every page: the token (session-store.ts), the GraphQL client made for it, and
// `me` (who, which tenant, which role and permissions, which other tenants). Pages read it with useSession().
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { Provider, useClient, useQuery, type CombinedError } from 'urql';
import { createDashboardClient } from '../api/client';
import { createRateLimitStore, type RateLimitStore } from '../api/rate-limit';
import { LogoutDocument, MeDocument, type MeQuery } from '../generated/graphql';
import type { SessionEnd, SessionStore } from './session-store';

export type Me = MeQuery['me'];

export type Session = {
  token: string | null;
  ended: SessionEnd;
  /** Null while signed out, and while the first `me` is loading. */
  me: Me | null;
  /** `me` could not be loaded (other than 401, which ends the session). */
  meError: CombinedError | undefined;
  store: SessionStore;
  rateLimits: RateLimitStore;
  /** Adopts a session token the service just issued (register, login). */
  signIn(token: string): void;
  /** Ends the session at the service (logout), then here, whatever the service answered. */
  signOut(): Promise<void>;
  /** Loads `me` again (after a change of role or plan, or a failed load). */
  refreshMe(): void;
};

/** Exported for tests, which render components with a session of their own. */
export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside <SessionProvider>');
  return session;
}

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  const state = useSyncExternalStore(store.subscribe, store.get);
  // A client and a rate-limit reading per session: nothing one session loaded is shown to the next.
  const { client, rateLimits } = useMemo(() => {
    const rateLimits = createRateLimitStore();
    return { client: createDashboardClient(store, rateLimits), rateLimits };
  }, [store, state.token]); // state.token: a new pair whenever the session changes
  return (
    <Provider value={client}>
      <MeLoader store={store} rateLimits={rateLimits} token={state.token} ended={state.ended}>
        {children}
      </MeLoader>
    </Provider>
  );
}

function MeLoader({
  store,
  rateLimits,
  token,
  ended,
  children,
}: {
  store: SessionStore;
  rateLimits: RateLimitStore;
  token: string | null;
  ended: SessionEnd;
  children: ReactNode;
}) {
  const client = useClient();
  // Asked once per session (and again on refreshMe): a page view costs its own request only.
  const [me, reexecute] = useQuery({ query: MeDocument, pause: !token, requestPolicy: 'cache-first' });
  const permissions = me.data?.me.permissions;
  useEffect(() => {
    if (token && permissions) store.rememberPermissions(permissions);
  }, [store, token, permissions]);
  const session = useMemo<Session>(
    () => ({
      token,
      ended,
      me: token ? (me.data?.me ?? null) : null,
      meError: token ? me.error : undefined,
      store,
      rateLimits,
      signIn: (next) => store.start(next),
      async signOut() {
        try {
          await client.mutation(LogoutDocument, {}).toPromise();
        } finally {
          store.end('signed-out');
        }
      },
      refreshMe: () => reexecute({ requestPolicy: 'network-only' }),
    }),
    [token, ended, me.data, me.error, store, rateLimits, client, reexecute],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
