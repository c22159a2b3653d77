// The dashboard's root: the session (token, GraphQL client, `me`) and the router under /app.
import { useState } from 'react';
import { Router } from 'wouter';
import { BASE_PATH } from './app-path';
import { createSessionStore, tabStorage } from './session/session-store';
import { SessionProvider } from './session/session';
import { Layout } from './shell/layout';
import { PageRoutes } from './shell/routes';

export function App() {
  const [store] = useState(() => createSessionStore(tabStorage()));
  return (
    <Router base={BASE_PATH}>
      <SessionProvider store={store}>
        <Layout>
          <PageRoutes />
        </Layout>
      </SessionProvider>
    </Router>
  );
}
