// The first module the page evaluates (main.tsx imports it before React and the app): with a session in the
// tab, the first load's GraphQL requests leave now, not after the bundle's evaluation and the first render
// (api/early-requests.ts).
import { sendEarlyRequests } from './api/early-requests';
import { appPath } from './app-path';
import { createSessionStore, tabStorage } from './session/session-store';

const path = appPath(window.location.pathname);
if (path !== null) {
  const store = createSessionStore(tabStorage());
  sendEarlyRequests(store.get().token, path, store.rememberedPermissions());
}
