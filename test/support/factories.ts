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

export const BUILTIN_ROLE_IDS = {
  owner: '00000000-0000-4000-8000-000000000001',
  admin: '00000000-0000-4000-8000-000000000002',
  issuer: '00000000-0000-4000-8000-000000000003',
  verifier: '00000000-0000-4000-8000-000000000004',
  viewer: '00000000-0000-4000-8000-000000000005',
} as const;

async function expectOk(response: { status: number; text: string }, what: string) {
  if (response.status !== 200) throw new Error(`${what} failed: ${response.status} ${response.text}`);
}

/** Moves the tenant to a plan (as its owner). Enterprise lifts the rate limit out of a test's way. */
export async function changePlan(app: TestApp, ownerToken: string, plan: string) {
  const response = await app.request('POST', '/v1/admin/billing/upgrade', { token: ownerToken, body: { plan } });
  await expectOk(response, `change plan to ${plan}`);
  return response.body;
}

export type Member = {
  token: string;
  user_id: string;
  tenant_id: string;
  role: string;
  email: string;
  password: string;
};

/** Invites a new person with the role and has them accept by creating their account; returns their session. */
export async function addMember(app: TestApp, inviterToken: string, roleId: string): Promise<Member> {
  const email = `member-${uniqueSuffix()}@example.com`;
  const invited = await app.request('POST', '/v1/members/invitations', {
    token: inviterToken,
    body: { email, role_id: roleId },
  });
  await expectOk(invited, 'invite');
  const password = `member password ${uniqueSuffix()}`;
  const accepted = await app.request('POST', '/v1/invitations/accept', {
    body: { token: invited.body.token, password, display_name: 'Invited Member' },
  });
  await expectOk(accepted, 'accept invitation');
  return { ...accepted.body, email, password };
}

/** Creates an API key; `scopes` omitted makes an unscoped key. */
export async function createApiKey(app: TestApp, token: string, body: Record<string, unknown> = {}) {
  const response = await app.request('POST', '/v1/admin/api-keys', { token, body });
  await expectOk(response, 'create API key');
  return response.body as { id: string; key: string; prefix: string; scopes: string[] | null };
}

/**
 * Spends the tenant's request bucket (its plan's burst) until the service answers 429; returns that answer's
 * Retry-After in seconds. The bucket refills at the plan's rate, so it is empty only for a few seconds.
 */
export async function exhaustRateLimit(app: TestApp, token: string): Promise<number> {
  for (let sent = 0; sent < 25_000; sent++) {
    const response = await app.request('GET', '/v1/dids', { token });
    if (response.status === 429) return Number(response.headers.get('retry-after'));
    if (response.status !== 200) throw new Error(`list DIDs failed: ${response.status} ${response.text}`);
  }
  throw new Error('the bucket never ran dry');
}

/** A fresh tenant on the given plan with its owner's session. */
export async function tenantOnPlan(app: TestApp, plan: string): Promise<RegisteredUser> {
  const owner = await registerUser(app);
  if (plan !== 'developer') await changePlan(app, owner.token, plan);
  return owner;
}
