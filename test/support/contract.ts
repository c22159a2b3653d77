// Values the contract fixes, written out here independently of src/ so a change there cannot silently
// change what the tests expect.
import { expect } from 'vitest';

export const SECURITY_HEADERS = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'x-xss-protection': '1; mode=block',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

export const NAMED_PERMISSIONS = [
  'credentials:issue',
  'credentials:verify',
  'credentials:revoke',
  'credentials:list',
  'dids:create',
  'dids:list',
  'dids:deactivate',
  'members:invite',
  'members:remove',
  'members:update_role',
];

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function expectSecurityHeaders(headers: Headers) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(headers.get(name), name).toBe(value);
  }
}

/** Status, exact `error` text, JSON content type and the six headers. */
export function expectError(result: { status: number; headers: Headers; body: any }, status: number, error?: string) {
  expect(result.status).toBe(status);
  expect(result.headers.get('content-type')).toMatch(/^application\/json/);
  expect(typeof result.body?.error).toBe('string');
  if (error !== undefined) expect(result.body.error).toBe(error);
  expectSecurityHeaders(result.headers);
}
