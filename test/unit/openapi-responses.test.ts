// The harness's check of every JSON answer against the published OpenAPI document (test/support/openapi-responses.ts):
// it must catch a body that breaks its schema and a status the operation does not declare, and leave alone what
// the document does not describe.
import { describe, expect, it } from 'vitest';
import { openApiMismatch } from '../support/openapi-responses.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const issued = {
  id: '01a2244c-fd18-75d3-950c-436db405d78a',
  format: 'jwt_vc_json',
  credential: 'eyJ…',
  issuer: 'did:key:z6Mk…',
  credential_type: 'UniversityDegreeCredential',
  subject_id: 'did:example:alice',
  status: { type: 'BitstringStatusListEntry', uri: 'http://localhost/v1/status-lists/x', index: 7 },
  issued_at: '2026-11-28T22:00:00.000Z',
  expires_at: null,
  revoked_at: null,
  erased_at: null,
};

describe('openApiMismatch', () => {
  it('accepts an answer as documented, with or without a field the operation leaves out when empty', () => {
    expect(openApiMismatch('POST', '/v1/credentials/issue', 200, JSON_TYPE, issued)).toBeNull();
    const delivery = { message_id: 'm', to: 'did:key:z6Mk…', status: 'inbox', detail: null };
    expect(openApiMismatch('POST', '/v1/credentials/issue', 200, JSON_TYPE, { ...issued, delivery })).toBeNull();
  });

  it('names a missing required field, a field of the wrong type and a field the document does not have', () => {
    const { issued_at: _dropped, ...missing } = issued;
    expect(openApiMismatch('POST', '/v1/credentials/issue', 200, JSON_TYPE, missing)).toMatch(
      /POST \/v1\/credentials\/issue → 200: .*must have required property 'issued_at'/,
    );
    expect(
      openApiMismatch('GET', '/v1/credentials/01a2244c', 200, JSON_TYPE, {
        ...issued,
        status: { ...issued.status, index: '7' },
      }),
    ).toMatch(/GET \/v1\/credentials\/\{id\} → 200: .*\/status\/index must be integer/);
    expect(openApiMismatch('GET', '/v1/trust/policy', 200, JSON_TYPE, { policy: null, extra: 1 })).toMatch(
      /must NOT have additional properties/,
    );
  });

  it('names a status the operation does not declare, and checks error bodies against the Error schema', () => {
    expect(openApiMismatch('GET', '/v1/dids', 418, JSON_TYPE, { error: 'teapot' })).toBe(
      'GET /v1/dids → 418: the OpenAPI document declares no 418 for this operation',
    );
    expect(openApiMismatch('GET', '/v1/dids', 404, JSON_TYPE, { message: 'not found' })).toMatch(
      /must have required property 'error'/,
    );
  });

  it('leaves alone what the document does not describe: other paths and methods, bodies that are not JSON', () => {
    expect(openApiMismatch('GET', '/v1/no-such-route', 404, JSON_TYPE, { error: 'not found' })).toBeNull();
    expect(openApiMismatch('DELETE', '/v1/credentials/issue', 405, JSON_TYPE, { error: 'x' })).toBeNull();
    expect(openApiMismatch('GET', '/v1/status-lists/x', 200, 'application/vc+jwt', 'eyJ…')).toBeNull();
  });
});
