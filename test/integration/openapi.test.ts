// The OpenAPI document is generated from the endpoint table and the schema: it must be a valid OpenAPI 3.1
// document, list every REST endpoint with the permission scope-auth enforces, and describe bodies that
// match what the service actually returns.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/rest/endpoints.js';
import { PUBLIC_ROUTES } from '../../src/http/public-routes.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { expectSecurityHeaders } from '../support/contract.js';
import { registerUser } from '../support/factories.js';
import { EVENT_CATALOGUE, EVENT_TYPES } from '../../src/modules/events/event-catalogue.js';

let app: TestApp;
let document: any;
beforeAll(async () => {
  app = await startTestApp();
  const response = await app.request('GET', '/v1/openapi.json');
  expect(response.status).toBe(200);
  expectSecurityHeaders(response.headers);
  document = response.body;
});
afterAll(() => app?.close());

describe('GET /v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, served without authentication', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every REST endpoint, with the permission it requires', () => {
    for (const endpoint of ENDPOINTS) {
      const path = endpoint.path.replace(/:([a-z_]+)/g, '{$1}');
      expect(document.paths[path]?.[endpoint.method.toLowerCase()], `${endpoint.method} ${path}`).toBeDefined();
    }
    expect(document.paths['/v1/roles'].post.description).toContain('`roles:manage`');
    expect(document.paths['/v1/admin/billing/upgrade'].post.description).toContain('`billing:manage`');
    expect(document.paths['/v1/auth/register'].post.security).toEqual([]);
  });

  it('documents Idempotency-Key on exactly the seven POSTs that honour it', () => {
    const idempotent = [
      '/v1/credentials/issue',
      '/v1/dids',
      '/v1/admin/api-keys',
      '/v1/members/invitations',
      '/v1/roles',
      '/v1/webhooks',
      '/v1/trust/attestations',
    ];
    for (const [path, operations] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        const header = operation.parameters.find((parameter: any) => parameter.name === 'Idempotency-Key');
        if (method === 'post' && idempotent.includes(path)) {
          expect(header, path).toMatchObject({ in: 'header', required: false, schema: { maxLength: 255 } });
          expect(operation.responses['200'].headers['Idempotent-Replayed'].schema, path).toEqual({
            type: 'string',
            enum: ['true'],
          });
          expect(Object.keys(operation.responses), path).toEqual(expect.arrayContaining(['409', '422']));
        } else {
          expect(header, `${method} ${path}`).toBeUndefined();
          expect(operation.responses['422'], `${method} ${path}`).toBeUndefined();
        }
      }
    }
  });

  it('describes request bodies in the REST field names, closed to other fields', () => {
    const body = document.paths['/v1/admin/api-keys'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(['expires_at', 'name', 'scopes']);
    expect(body.properties.scopes.anyOf).toContainEqual(
      expect.objectContaining({ type: 'array', items: { type: 'string' } }),
    );
    expect(body.additionalProperties).toBe(false);
  });

  it('says which fields are required and which values a closed set takes, from the service’s own rules', () => {
    const schemas = document.components.schemas;
    const issue = document.paths['/v1/credentials/issue'].post.requestBody.content['application/json'].schema;
    expect(issue.required).toEqual(['format', 'issuer']);
    expect(issue.properties.format).toEqual({ $ref: '#/components/schemas/CredentialFormat' });
    expect(schemas.CredentialFormat.enum).toEqual(['jwt_vc_json', 'vc+sd-jwt']);
    expect(issue.properties.valid_until.anyOf[0]).toMatchObject({ type: 'string', format: 'date-time' });
    expect(issue.properties.subject_id.examples).toEqual(['did:example:alice']);
    const register = document.paths['/v1/auth/register'].post.requestBody.content['application/json'].schema;
    expect([...register.required].sort()).toEqual(['display_name', 'email', 'password', 'tenant_name', 'tenant_slug']);
    const upgrade = document.paths['/v1/admin/billing/upgrade'].post.requestBody.content['application/json'].schema;
    expect(schemas[upgrade.properties.plan.$ref.split('/').pop()].enum).toEqual([
      'developer',
      'startup',
      'business',
      'enterprise',
    ]);
    // Responses and query parameters give the contract's values too, never GraphQL's enum names.
    const credential = document.paths['/v1/credentials/{id}'].get.responses['200'].content['application/json'].schema;
    expect(credential.properties.format.enum).toEqual(['jwt_vc_json', 'vc+sd-jwt']);
    const status = document.paths['/v1/dids'].get.parameters.find((parameter: any) => parameter.name === 'status');
    expect(status.schema.enum).toEqual(['active', 'deactivated']);
  });

  it('describes the public documents and the headers every response carries', async () => {
    for (const path of ['/1.0/identifiers/{did}', '/v1/status-lists/{id}', '/v1/openapi.json']) {
      expect(document.paths[path].get.security, path).toEqual([]);
    }
    expect(Object.keys(document.paths['/v1/status-lists/{id}'].get.responses['200'].content)).toEqual([
      'application/vc+jwt',
      'application/statuslist+jwt',
    ]);
    // Each public route says why it is open, from its declaration (src/http/public-routes.ts).
    for (const route of PUBLIC_ROUTES) {
      const method = (route.methods?.[0] ?? 'GET').toLowerCase();
      expect(document.paths[route.path][method].description, route.path).toContain(`Public: ${route.reason}.`);
    }
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const headers = document.paths['/v1/dids'].get.responses['200'].headers;
    for (const name of ['Strict-Transport-Security', 'X-Content-Type-Options', 'X-Request-Id', 'RateLimit-Remaining']) {
      expect(headers[name], name).toEqual({ $ref: `#/components/headers/${name}` });
    }
    // The headers it describes are the ones a response carries.
    const response = await app.request('GET', '/v1/openapi.json');
    for (const [name, header] of Object.entries<any>(document.components.headers)) {
      if (header.schema.const) expect(response.headers.get(name), name).toBe(header.schema.const);
    }
    const tooMany = document.paths['/v1/dids'].get.responses['429'];
    expect(tooMany.headers['Retry-After']).toEqual({ $ref: '#/components/headers/Retry-After' });
    expect(document.components.schemas.Error.properties.details.type).toBe('array');
  });

  it('documents every paged list the same way, and what a verification answers', () => {
    const lists = {
      '/v1/roles': 'roles',
      '/v1/members': 'members',
      '/v1/members/invitations': 'invitations',
      '/v1/admin/api-keys': 'api_keys',
      '/v1/admin/audit-log': 'events',
      '/v1/dids': 'dids',
      '/v1/credentials': 'credentials',
      '/v1/events': 'events',
    };
    for (const [path, key] of Object.entries(lists)) {
      const operation = document.paths[path].get;
      const parameter = (name: string) => operation.parameters.find((candidate: any) => candidate.name === name);
      expect(parameter('limit'), path).toMatchObject({
        in: 'query',
        schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
      });
      expect(parameter('limit').description, path).toContain('1 to 100');
      expect(parameter('cursor'), path).toMatchObject({ in: 'query', schema: { type: 'string' } });
      const body = operation.responses['200'].content['application/json'].schema;
      expect(Object.keys(body.properties), path).toEqual([key, 'next_cursor']);
      expect(body.properties.next_cursor, path).toMatchObject({
        type: ['string', 'null'],
        description: expect.stringContaining('null on the last page'),
      });
    }
    const verification = document.paths['/v1/credentials/verify'].post.responses['200'].content['application/json'];
    for (const field of ['credential_types', 'issued_at', 'expires_at', 'claims', 'disclosed', 'payload']) {
      expect(verification.schema.properties[field].description, field).toMatch(/\S/);
    }
    expect(verification.schema.properties.disclosed.description).toContain('RFC 6901');
    expect(verification.schema.properties.disclosed.type).toEqual(['array', 'null']);
  });

  it('describes response bodies with exactly the fields the service returns', async () => {
    const owner = await registerUser(app);
    const roles = await app.request('GET', '/v1/roles', { token: owner.token });
    const schema = document.paths['/v1/roles'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(Object.keys(roles.body));
    expect(Object.keys(schema.properties.roles.items.properties).sort()).toEqual(
      Object.keys(roles.body.roles[0]).sort(),
    );
    expect(schema.properties.roles.items.properties.created_at).toEqual({ type: 'string', format: 'date-time' });

    const usage = await app.request('GET', '/v1/admin/usage', { token: owner.token });
    const usageSchema = document.paths['/v1/admin/usage'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(usageSchema.properties).sort()).toEqual(Object.keys(usage.body).sort());
    // Unlimited is an explicit null, and the document says so.
    expect(usageSchema.properties.credentials.properties.limit.type).toEqual(['integer', 'null']);
  });

  it('describes every event of the catalogue in `webhooks`: envelope, data, example and Standard Webhooks headers', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) {
      const operation = document.webhooks[type].post;
      expect(operation.description, type).toContain(EVENT_CATALOGUE[type].description);
      expect(operation.parameters.map((parameter: any) => [parameter.name, parameter.in, parameter.required])).toEqual([
        ['webhook-id', 'header', true],
        ['webhook-timestamp', 'header', true],
        ['webhook-signature', 'header', true],
      ]);
      const { schema, example } = operation.requestBody.content['application/json'];
      expect(schema.required, type).toEqual(['id', 'type', 'tenant_id', 'created_at', 'data']);
      expect(schema.properties.type, type).toEqual({ type: 'string', const: type });
      expect(Object.keys(schema.properties.data.properties).sort(), type).toEqual(
        Object.keys(EVENT_CATALOGUE[type].data.shape).sort(),
      );
      expect(schema.properties.data.additionalProperties, type).toBe(false);
      expect(example).toMatchObject({ type, data: EVENT_CATALOGUE[type].example });
      expect(Object.keys(operation.responses)).toEqual(['2XX']);
    }
    // Closed sets of the data are the document's named schemas, as in request bodies.
    const issued = document.webhooks['credential.issued'].post.requestBody.content['application/json'].schema;
    expect(issued.properties.data.properties.format).toEqual({ $ref: '#/components/schemas/CredentialFormat' });
    const refs = JSON.stringify(document.webhooks).match(/#\/components\/schemas\/\w+/g) ?? [];
    for (const ref of refs) expect(document.components.schemas[ref.split('/').pop()!], ref).toBeDefined();
    expect(document.paths['/v1/events'].get.description).toContain('`events:read`');
    const type = document.paths['/v1/events'].get.parameters.find((parameter: any) => parameter.name === 'type');
    expect([...type.schema.enum].sort()).toEqual([...EVENT_TYPES].sort());
  });
});
