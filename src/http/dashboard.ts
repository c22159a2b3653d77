// The dashboard (web/): its built files (vite build → web/dist) served at /app by the service
// itself, so `npm start` is the whole set-up. The files are listed once, at start-up, into a table keyed by
// their path under /app/; a request is a lookup in that table by the name exactly as requested (nothing is
// decoded or joined to a path), so no request reaches the file system and no traversal is possible. Any other
// path under /app that is not a file name is a client route of the single-page app: index.html answers it.
//
// Vite names what it emits under assets/ by a hash of the content: cached for a year as immutable (RFC 8246);
// index.html (and the few unhashed files beside it) are revalidated on every use, so a new build is seen at once.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError, notFound } from '../lib/errors.js';
import { sendStaticFile, type StaticFile } from './conditional-get.js';

export const DASHBOARD_PATH = '/app';

/**
 * The app's policy (CSP Level 3): everything from this origin, nothing inline (the build emits no inline
 * script or style; React sets styles through the CSSOM, which the policy does not govern), no plugins, no
 * <base>, no form posts (forms are handled in script), never framed.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Vite's output directory for content-hashed files (build.assetsDir). */
const HASHED_DIR = 'assets/';
/** A last path segment with one of these extensions names a file: a miss is 404, never the app's page. */
const FILE_EXTENSION = /\.(?:js|mjs|css|map|html|ico|png|jpe?g|gif|svg|webp|woff2?|ttf|json|webmanifest|txt)$/i;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8', // RFC 9239
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

type DashboardFile = StaticFile & { cacheControl: string };

export type Dashboard = {
  /** Where the files were read from (web/dist of this package unless told otherwise). */
  directory: string;
  /** By path under /app/, e.g. `index.html`, `assets/index-1a2b3c4d.js`. Empty when the app is not built. */
  files: ReadonlyMap<string, DashboardFile>;
};

/** web/dist of this package: the directory holding package.json, above src/http (source) or dist/src/http (built). */
export function defaultDashboardDirectory(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return path.join(dir, 'web', 'dist');
    if (path.dirname(dir) === dir) return path.resolve('web', 'dist');
  }
}

/** What the dashboard is told of the deployment it runs in (a meta element of index.html: DEPLOYMENT_META). */
export type DashboardDeployment = { production: boolean; webhookPrivateUrls: boolean };

export const DEPLOYMENT_META = 'credential-service-deployment';

/**
 * index.html with the deployment named in a meta element, outside production only: there the webhook form says
 * how to receive events on localhost (WEBHOOK_ALLOW_PRIVATE_URLS). Production's page says nothing of it.
 */
export function withDeployment(html: Buffer, deployment: DashboardDeployment | undefined): Buffer {
  if (!deployment || deployment.production) return html;
  const content = deployment.webhookPrivateUrls ? 'development webhook-private-urls' : 'development';
  const text = html.toString('utf8');
  const at = text.indexOf('</head>');
  if (at < 0) return html;
  return Buffer.from(
    `${text.slice(0, at)}<meta name="${DEPLOYMENT_META}" content="${content}" />${text.slice(at)}`,
    'utf8',
  );
}

/** Lists and reads the built files once. A missing build is an empty table: /app then says how to build it. */
export function loadDashboard(directory = defaultDashboardDirectory(), deployment?: DashboardDeployment): Dashboard {
  const files = new Map<string, DashboardFile>();
  if (!existsSync(path.join(directory, 'index.html'))) return { directory, files };
  const names = readdirSync(directory, { recursive: true, encoding: 'utf8', withFileTypes: false });
  for (const name of names) {
    const relative = name.split(path.sep).join('/');
    // Dotfiles (the build's input hash) are bookkeeping, not part of the app.
    if (relative.split('/').some((segment) => segment.startsWith('.'))) continue;
    const file = path.join(directory, name);
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      continue; // a directory
    }
    if (relative === 'index.html') body = withDeployment(body, deployment);
    const digest = createHash('sha256').update(body).digest('hex');
    files.set(relative, {
      contentType: CONTENT_TYPES[path.extname(relative).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: relative.startsWith(HASHED_DIR) ? IMMUTABLE : 'no-cache',
      body,
      etag: `"${digest.slice(0, 32)}"`,
    });
  }
  return { directory, files };
}

export type DashboardTarget = { kind: 'file'; name: string } | { kind: 'page' } | { kind: 'not-found' };

/**
 * What a path under /app asks for: a listed file; a client route (no file extension, not under assets/),
 * answered with index.html; or nothing.
 */
export function dashboardTarget(pathname: string, files: ReadonlyMap<string, unknown>): DashboardTarget {
  if (pathname === DASHBOARD_PATH || pathname === `${DASHBOARD_PATH}/`) return { kind: 'page' };
  if (!pathname.startsWith(`${DASHBOARD_PATH}/`)) return { kind: 'not-found' };
  const name = pathname.slice(DASHBOARD_PATH.length + 1);
  if (files.has(name)) return { kind: 'file', name };
  if (name.startsWith(HASHED_DIR) || FILE_EXTENSION.test(name)) return { kind: 'not-found' };
  return { kind: 'page' };
}

export type DashboardRequest = {
  request: IncomingMessage;
  response: ServerResponse;
  pathname: string;
  dashboard: Dashboard;
};

/** GET/HEAD /app and /app/*: a file of the build, or index.html for a client route. */
export async function serveDashboard({ request, response, pathname, dashboard }: DashboardRequest) {
  const index = dashboard.files.get('index.html');
  if (!index) {
    throw new AppError('UNAVAILABLE', 'the dashboard is not built: run npm run build:web');
  }
  const target = dashboardTarget(pathname, dashboard.files);
  if (target.kind === 'not-found') throw notFound();
  const file = target.kind === 'file' ? dashboard.files.get(target.name)! : index;
  await sendStaticFile(request, response, file, {
    'Cache-Control': file.cacheControl,
    'Content-Security-Policy': DASHBOARD_CSP,
  });
}

/** GET / : the service has no page of its own there; a person who opens it wants the dashboard. */
export async function redirectToDashboard({ response }: { response: ServerResponse }) {
  response.writeHead(302, { Location: `${DASHBOARD_PATH}/`, 'Cache-Control': 'no-cache', 'Content-Length': 0 });
  response.end();
}
