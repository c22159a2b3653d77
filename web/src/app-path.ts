/** Where the service serves the dashboard (src/http/dashboard.ts); every route is under it. */
export const BASE_PATH = '/app';

/** The route an address names ('/', '/dids'), or null outside the dashboard. */
export function appPath(pathname: string): string | null {
  if (pathname !== BASE_PATH && !pathname.startsWith(`${BASE_PATH}/`)) return null;
  return pathname.slice(BASE_PATH.length).replace(/\/$/, '') || '/';
}
