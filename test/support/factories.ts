// Fresh, unique users and tenants for every test, so tests never share state and may run concurrently.
import { randomBytes } from 'node:crypto';
import type { TestApp } from './harness.js';

export const uniqueSuffix = () => randomBytes(6).toString('hex');

export type Registration = {
  email: string;
  password: string;
  display_name: string;
  tenant_name: string;
  tenant_slug: string;
};

export function newRegistration(overrides: Partial<Registration> = {}): Registration {
  const suffix = uniqueSuffix();
  return {
    email: `user-${suffix}@example.com`,
    password: `correct horse ${suffix}`,
    display_name: `User ${suffix}`,
    tenant_name: `Org ${suffix}`,
    tenant_slug: `org-${suffix}`,
    ...overrides,
  };
}

export type RegisteredUser = Registration & { token: string; user_id: string; tenant_id: string; role: string };

export async function registerUser(app: TestApp, overrides: Partial<Registration> = {}): Promise<RegisteredUser> {
  const registration = newRegistration(overrides);
  const response = await app.request('POST', '/v1/auth/register', { body: registration });
  if (response.status !== 200) throw new Error(`register failed: ${response.status} ${response.text}`);
  return { ...registration, ...response.body };
}
