// GraphiQL without the internet (src/graphql/graphiql.ts): the page names only files of this origin, runs no
// inline script, and every file it names is served; nothing outside the asset table is; no GraphiQL (page or
// files) when it is off; introspection follows GraphiQL in production. The page and files are driven through
// the app's own pieces (Yoga's handler behind serveGraphQL, the asset handler behind the app's error answer);
// once the app routes /graphiql/assets/ (src/http/public-routes.ts) the same is checked through the app.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../src/graphql/context.js';
import { GRAPHIQL_ASSETS_PATH, GRAPHIQL_CSP, serveGraphiQLAsset } from '../../src/graphql/graphiql.js';
import { serveGraphQL } from '../../src/graphql/http.js';
import { createKnownAnswers } from '../../src/graphql/known-answers.js';
import { schema } from '../../src/graphql/schema.js';
import { createGraphQLHandler } from '../../src/graphql/yoga.js';
import { PUBLIC_ROUTES } from '../../src/http/public-routes.js';
import { requestTarget } from '../../src/http/request-target.js';
import { sendError } from '../../src/http/respond.js';
import { findAppError, internalError } from '../../src/lib/errors.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { capturingLogger } from '../support/log-sink.js';
import { rawGet } from '../support/raw-http.js';

type Served = { url: string; close(): Promise<void> };

/** /graphql and /graphiql/assets/ as the app wires them, without a database (GraphiQL needs none). */
async function serveGraphiQL(options: { production: boolean; graphiql?: boolean }): Promise<Served> {
  const logs: string[] = [];
  const graphiql = options.graphiql ?? !options.production;
  const yoga = createGraphQLHandler(schema, { ...options, graphiql, log: capturingLogger(logs) });
  const knownAnswers = createKnownAnswers();
  const server: Server = createServer(async (request, response) => {
    const requestId = 'test-request';
    try {
      const url = requestTarget(request.url);
      if (url.pathname === '/graphql') {
        // Only what GraphiQL's page and an introspection query touch.
        const context = {
          principal: null,
          requestId,
          idempotencyKey: null,
          log: capturingLogger(logs),
          setResponseHeader: (name: string, value: string) => response.setHeader(name, value),
          chargeOperations: async () => {},
        } as unknown as RequestContext;
        await serveGraphQL(yoga, knownAnswers, request, response, url, context);
        return;
      }
      await serveGraphiQLAsset({ request, response, pathname: url.pathname, graphiql });
    } catch (error) {
      sendError(response, findAppError(error) ?? internalError(), requestId);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const HTML = { accept: 'text/html' };

/** Every src and href of the page. */
function references(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
}

/** The page's own files, and the workers its start-up script names. */
async function pageAssets(baseUrl: string): Promise<{ html: string; assets: string[] }> {
  const page = await fetch(`${baseUrl}/graphql`, { headers: HTML });
  const html = await page.text();
  const own = references(html);
  const init = own.find((reference) => /graphiql-init\.[0-9a-f]+\.js$/.test(reference));
  expect(init, 'the page loads its start-up script').toBeDefined();
  const script = await (await fetch(baseUrl + init)).text();
  const workers = [...script.matchAll(/"(\/graphiql\/assets\/[^"]+)"/g)].map((match) => match[1]!);
  return { html, assets: [...new Set([...own, ...workers])] };
}

const CONTENT_TYPES: Record<string, RegExp> = {
  js: /^text\/javascript; charset=utf-8$/,
  css: /^text\/css; charset=utf-8$/,
  ico: /^image\/x-icon$/,
};

describe('GraphiQL served from this origin', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serveGraphiQL({ production: false, graphiql: true });
  });
  afterAll(() => served?.close());

  it('serves a page that names no other host and runs no inline script', async () => {
    const page = await fetch(`${served.url}/graphql`, { headers: HTML });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(GRAPHIQL_CSP);
    expect(GRAPHIQL_CSP).toMatch(/(^|; )default-src 'self'(;|$)/);
    expect(GRAPHIQL_CSP).toMatch(/(^|; )script-src 'self'(;|$)/);
    const html = await page.text();
    expect(html).toMatch(/graphiql/i);
    expect(html).not.toMatch(/:\/\//);
    const refs = references(html);
    expect(refs.length).toBeGreaterThanOrEqual(4);
    for (const reference of refs) {
      expect(reference, reference).toMatch(/^\/graphiql\/assets\/[A-Za-z0-9.-]+$/);
    }
    // Every <script> has a src and no content; no inline styles or event handlers of the page's own.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/\ssrc="/);
      expect(content!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style|\sstyle\s*=|\son[a-z]+\s*=/i);
  });

  it('serves every file the page and its workers need, cacheable for a year', async () => {
    const { assets } = await pageAssets(served.url);
    expect(assets.length).toBe(7); // favicon, css, start-up, bundle, three workers
    for (const asset of assets) {
      const response = await fetch(served.url + asset, { headers: { 'accept-encoding': 'identity' } });
      const body = Buffer.from(await response.arrayBuffer());
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('content-type'), asset).toMatch(CONTENT_TYPES[asset.split('.').pop()!]!);
      expect(body.length, asset).toBeGreaterThan(0);
      expect(Number(response.headers.get('content-length')), asset).toBe(body.length);
      expect(response.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
      const etag = response.headers.get('etag');
      expect(etag, asset).toMatch(/^"[0-9a-f]+"$/);
      // The file itself, not a page answering for every path.
      expect(body.subarray(0, 64).toString('utf8').trimStart().startsWith('<'), asset).toBe(false);
      if (asset.endsWith('.ico')) expect([...body.subarray(0, 4)], asset).toEqual([0, 0, 1, 0]);
      const again = await fetch(served.url + asset, {
        headers: { 'accept-encoding': 'identity', 'if-none-match': etag! },
      });
      expect(again.status, asset).toBe(304);
    }
    const css = assets.find((asset) => asset.endsWith('.css'))!;
    expect(await (await fetch(served.url + css)).text()).toMatch(/\.graphiql-container/);
  });

  it('compresses for clients that accept gzip, and answers HEAD without a body', async () => {
    const { assets } = await pageAssets(served.url);
    const bundle = assets.find((asset) => /yoga-graphiql\.[0-9a-f]+\.js$/.test(asset))!;
    const plain = await fetch(served.url + bundle, { headers: { 'accept-encoding': 'identity' } });
    const plainLength = Number(plain.headers.get('content-length'));
    await plain.arrayBuffer();
    const zipped = await fetch(served.url + bundle, { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(zipped.headers.get('content-length'))).toBeLessThan(plainLength / 2);
    expect(zipped.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    expect((await zipped.arrayBuffer()).byteLength).toBe(plainLength); // fetch decodes it
    const refused = await fetch(served.url + bundle, { headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect((await refused.arrayBuffer()).byteLength).toBe(plainLength);
    const head = await fetch(served.url + bundle, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(plainLength);
    expect(await head.text()).toBe('');
  });

  it('finds nothing outside its table', async () => {
    for (const path of [
      `${GRAPHIQL_ASSETS_PATH}nope.js`,
      GRAPHIQL_ASSETS_PATH,
      `${GRAPHIQL_ASSETS_PATH}graphiql.css`,
      `${GRAPHIQL_ASSETS_PATH}..%2Fpackage.json`,
      `${GRAPHIQL_ASSETS_PATH}..%2F..%2F..%2Fpackage.json`,
      `${GRAPHIQL_ASSETS_PATH}%2e%2e/%2e%2e/package.json`,
      '/graphiql/package.json',
    ]) {
      const response = await fetch(served.url + path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).code, path).toBe('NOT_FOUND');
    }
    // As sent, without a client normalizing the dot segments.
    for (const target of [`${GRAPHIQL_ASSETS_PATH}../package.json`, `${GRAPHIQL_ASSETS_PATH}../../../package.json`]) {
      const raw = await rawGet(served.url, target);
      expect(raw.status, target).toBe(404);
      expect(raw.body, target).not.toMatch(/"name"\s*:/);
    }
    // And handed to the handler directly, with no URL parser in between.
    await expect(
      serveGraphiQLAsset({
        request: { method: 'GET', headers: {} } as never,
        response: {} as never,
        pathname: `${GRAPHIQL_ASSETS_PATH}../../package.json`,
        graphiql: true,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("answers GraphiQL's own introspection query", async () => {
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
    });
    const response = await fetch(`${served.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query, operationName: 'IntrospectionQuery' }),
    });
    const body = await response.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.__schema.queryType.name).toBe('Query');
  });
});

describe('GraphiQL switched by the config', () => {
  const served: Served[] = [];
  afterAll(() => Promise.all(served.map((one) => one.close())));
  const start = async (options: { production: boolean; graphiql?: boolean }) => {
    const one = await serveGraphiQL(options);
    served.push(one);
    return one;
  };
  const introspect = (url: string) =>
    fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: getIntrospectionQuery() }),
    }).then((response) => response.json());

  it('off: no page, no files, and in production no introspection', async () => {
    const on = await start({ production: false, graphiql: true });
    const { assets } = await pageAssets(on.url);
    const off = await start({ production: true, graphiql: false });
    const page = await fetch(`${off.url}/graphql`, { headers: HTML });
    expect(page.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
    expect(await page.text()).not.toMatch(/graphiql/i);
    for (const asset of assets) expect((await fetch(off.url + asset)).status, asset).toBe(404);
    const refused = await introspect(off.url);
    expect(refused.data).toBeUndefined();
    expect(refused.errors[0].message).toMatch(/introspection/i);
    // Off outside production too: no page, introspection as before.
    const offInDevelopment = await start({ production: false, graphiql: false });
    expect(await (await fetch(`${offInDevelopment.url}/graphql`, { headers: HTML })).text()).not.toMatch(/graphiql/i);
    expect((await introspect(offInDevelopment.url)).data.__schema.queryType.name).toBe('Query');
  });

  it('on in production: the page, and introspection for it', async () => {
    const on = await start({ production: true, graphiql: true });
    const page = await fetch(`${on.url}/graphql`, { headers: HTML });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(GRAPHIQL_CSP);
    expect((await introspect(on.url)).data.__schema.queryType.name).toBe('Query');
  });

  it('follows production until the config passes it', async () => {
    const development = await start({ production: false });
    expect((await fetch(`${development.url}/graphql`, { headers: HTML })).status).toBe(200);
    const production = await start({ production: true });
    expect(await (await fetch(`${production.url}/graphql`, { headers: HTML })).text()).not.toMatch(/graphiql/i);
  });
});

// Through the whole app, once src/http/public-routes.ts routes the assets.
const wired = PUBLIC_ROUTES.some((route) => route.path.startsWith(GRAPHIQL_ASSETS_PATH));

describe.runIf(wired)('GraphiQL through the app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('serves the page with its policy and every file it names', async () => {
    const { html, assets } = await pageAssets(app.url);
    expect(html).not.toMatch(/:\/\//);
    const page = await app.request('GET', '/graphql', { headers: HTML });
    expect(page.headers.get('content-security-policy')).toBe(GRAPHIQL_CSP);
    for (const asset of assets) {
      const response = await app.request('GET', asset);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('content-type'), asset).toMatch(CONTENT_TYPES[asset.split('.').pop()!]!);
      expect(response.text.length, asset).toBeGreaterThan(0);
      expect(response.headers.get('x-content-type-options'), asset).toBe('nosniff');
    }
    const missing = await app.request('GET', `${GRAPHIQL_ASSETS_PATH}nope.js`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    expect((await rawGet(app.url, `${GRAPHIQL_ASSETS_PATH}../package.json`)).status).toBe(404);
  });

  it('is off in production unless GRAPHIQL=true, and then introspection is on', async () => {
    const { assets } = await pageAssets(app.url);
    const production = await startTestApp({ production: true });
    try {
      expect((await production.request('GET', '/graphql', { headers: HTML })).text).not.toMatch(/graphiql/i);
      expect((await production.request('GET', assets[0]!)).status).toBe(404);
    } finally {
      await production.close();
    }
    const withGraphiQL = await startTestApp({ production: true, env: { GRAPHIQL: 'true' } });
    try {
      expect((await withGraphiQL.request('GET', '/graphql', { headers: HTML })).status).toBe(200);
      expect((await withGraphiQL.request('GET', assets[0]!)).status).toBe(200);
      const introspection = await withGraphiQL.graphql('{ __schema { queryType { name } } }');
      expect(introspection.body.data.__schema.queryType.name).toBe('Query');
    } finally {
      await withGraphiQL.close();
    }
  });
});
