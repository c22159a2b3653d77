// GraphiQL without the internet. Yoga's own page loads its bundle from a CDN (unpkg), so it is blank offline
// and cannot run under a strict Content-Security-Policy (inline scripts, workers fetched cross-origin and
// turned into blob: URLs). Here the page references only same-origin files, which this module serves from
// the installed @graphql-yoga/render-graphiql (the bundle Yoga's release ships for offline use, versioned
// with graphql-yoga, no dependencies of its own): Yoga's GraphiQL bundle, its CSS and Monaco's three workers.
// Its start-up code is a served file too, so the page needs no inline script.
//
// Asset names carry a hash of their content, so they are cached for a year as immutable (RFC 8246) and a new
// package version is new URLs. The assets are loaded on first use, not at start-up: most processes (tests,
// production with GraphiQL off) never need the 9 MB module.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphiQLOptions, Plugin } from 'graphql-yoga';
import { sendStaticFile, type StaticFile } from '../http/conditional-get.js';
import { notFound } from '../lib/errors.js';

export const GRAPHIQL_ASSETS_PATH = '/graphiql/assets/';

/**
 * The page's policy (CSP Level 3). Scripts, workers and requests stay on this origin. Two allowances the
 * bundle needs and no markup of ours does (in headless Chromium, `default-src 'self'` alone blocked some 220
 * inline styles and every font): `style-src 'unsafe-inline'`, because Monaco (its theme and token colours)
 * and GraphiQL's components apply styles at run time, <style> elements and style attributes with no nonce;
 * `data:` for fonts and images, because graphiql.css embeds its fonts (Monaco's codicons among them) and a
 * few icons as data: URLs.
 */
export const GRAPHIQL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const IMMUTABLE = 'public, max-age=31536000, immutable';

type Asset = StaticFile;

type Assets = {
  byName: ReadonlyMap<string, Asset>;
  /** The page's references, by role. */
  urls: { css: string; favicon: string; init: string; bundle: string };
};

type RenderGraphiQLModule = typeof import('@graphql-yoga/render-graphiql/graphiql');

let loading: Promise<Assets> | undefined;

/** The asset table, built once per process (concurrent first requests share the load). */
export function graphiqlAssets(): Promise<Assets> {
  if (!loading) {
    loading = import('@graphql-yoga/render-graphiql/graphiql').then(buildAssets);
    // A failed load (the package missing) is retried on the next request rather than cached.
    loading.catch(() => (loading = undefined));
  }
  return loading;
}

function buildAssets(bundle: RenderGraphiQLModule): Assets {
  const byName = new Map<string, Asset>();
  const add = (base: string, extension: string, contentType: string, content: string | Buffer) => {
    const body = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
    const digest = createHash('sha256').update(body).digest('hex');
    const name = `${base}.${digest.slice(0, 16)}.${extension}`;
    byName.set(name, { contentType, body, etag: `"${digest.slice(0, 32)}"` });
    return `${GRAPHIQL_ASSETS_PATH}${name}`;
  };
  const js = 'text/javascript; charset=utf-8'; // RFC 9239
  // Monaco asks for a worker by label; these three are the ones Yoga's page provides.
  const workers = {
    editorWorkerService: add('editor.worker', 'js', js, bundle.editorWorkerService),
    json: add('json.worker', 'js', js, bundle.jsonWorker),
    graphql: add('graphql.worker', 'js', js, bundle.graphqlWorker),
  };
  const urls = {
    css: add('graphiql', 'css', 'text/css; charset=utf-8', bundle.css),
    favicon: add('favicon', 'ico', 'image/x-icon', faviconBytes(bundle.favicon)),
    init: add('graphiql-init', 'js', js, initScript(workers)),
    bundle: add('yoga-graphiql', 'js', js, bundle.js),
  };
  return { byName, urls };
}

/** The package ships its favicon as a data: URL; served as a file it needs no `img-src data:` of its own. */
function faviconBytes(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  return Buffer.from(dataUrl.slice(comma + 1), 'base64');
}

/**
 * What Yoga's page does in inline scripts, as a file: Monaco's workers from this origin (Monaco starts them
 * as module workers from the URL given, so no blob: URLs), then GraphiQL once the bundle has run. The
 * options Yoga passes to the renderer travel in the root element's data-options attribute.
 */
function initScript(workers: Record<string, string>): string {
  return `'use strict';
(function () {
  var workers = ${JSON.stringify(workers)};
  self.MonacoEnvironment = {
    globalAPI: false,
    getWorkerUrl: function (_moduleId, label) {
      return workers[label] || workers.editorWorkerService;
    },
  };
  document.addEventListener('DOMContentLoaded', function () {
    var root = document.getElementById('root');
    if (typeof YogaGraphiQL === 'undefined') {
      root.textContent = 'GraphiQL could not be loaded.';
      return;
    }
    var options = JSON.parse(root.getAttribute('data-options') || '{}');
    root.textContent = '';
    YogaGraphiQL.renderYogaGraphiQL(root, options);
  });
})();
`;
}

/**
 * The page for GET /graphql with Accept: text/html, as Yoga's `renderGraphiQL`. The start-up script comes
 * before the bundle: Monaco reads MonacoEnvironment when the bundle runs.
 */
export async function renderGraphiQLPage(options: GraphiQLOptions): Promise<string> {
  const { urls } = await graphiqlAssets();
  const title = escapeHtml(options.title || 'GraphiQL');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${title}</title>
    <link rel="icon" href="${urls.favicon}">
    <link rel="stylesheet" href="${urls.css}">
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>GraphiQL needs JavaScript.</noscript>
    <div id="root" data-options="${escapeHtml(JSON.stringify(options))}">Loading ${title}…</div>
    <script src="${urls.init}"></script>
    <script src="${urls.bundle}"></script>
  </body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * Yoga's renderer returns a body only: the page's headers are set here, on the one HTML response Yoga gives
 * (the landing page is off). The CSP replaces any the app set before (Node's setHeader), so a stricter
 * service-wide policy cannot break the page.
 */
export function graphiqlPageHeadersPlugin(): Plugin {
  return {
    onResponse({ request, response }) {
      if (request.method !== 'GET' || !response.headers.get('content-type')?.startsWith('text/html')) return;
      response.headers.set('Content-Type', 'text/html; charset=utf-8');
      response.headers.set('Content-Security-Policy', GRAPHIQL_CSP);
      // The page names the assets by their hash: revalidated, so an upgrade is picked up at once.
      response.headers.set('Cache-Control', 'no-cache');
    },
  };
}

export type GraphiQLAssetRequest = {
  request: IncomingMessage;
  response: ServerResponse;
  pathname: string;
  /** Whether GraphiQL is on (Config `graphiql`): when off, its assets are not found either. */
  graphiql: boolean;
};

/**
 * GET/HEAD /graphiql/assets/<name>: a lookup in the fixed table above, by the name exactly as requested
 * (nothing is decoded or joined to a path, so no name reaches the file system); anything else is a 404.
 */
export async function serveGraphiQLAsset({ request, response, pathname, graphiql }: GraphiQLAssetRequest) {
  if (!graphiql || !pathname.startsWith(GRAPHIQL_ASSETS_PATH)) throw notFound();
  const asset = (await graphiqlAssets()).byName.get(pathname.slice(GRAPHIQL_ASSETS_PATH.length));
  if (!asset) throw notFound();
  await sendStaticFile(request, response, asset, { 'Cache-Control': IMMUTABLE });
}
