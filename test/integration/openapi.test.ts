// The OpenAPI document is generated from the endpoint table and the schema: it must be a valid OpenAPI 3.1
// document, list every REST endpoint with the permission scope-auth enforces, and describe bodies that
// match what the service actually returns.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/rest/endpoints.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { expectSecurityHeaders } from '../support/contract.js';
import { registerUser } from '../support/factories.js';

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

  it('documents Idempotency-Key on exactly the five POSTs that honour it', () => {
    const idempotent = [
      '/v1/credentials/issue',
      '/v1/dids',
      '/v1/admin/api-keys',
      '/v1/members/invitations',
      '/v1/roles',
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

  it('describes request bodies in the REST field names', () => {
    const body = document.paths['/v1/admin/api-keys'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(['expires_at', 'name', 'scopes']);
    expect(body.properties.scopes).toMatchObject({ type: 'array', items: { type: 'string' } });
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
});
