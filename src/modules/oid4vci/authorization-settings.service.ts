// The tenant's setting of its Credential Issuer's authorization code flow (oid4vci:manage): the login page the
// holder's browser is sent to. One per tenant: the tenant's own sign-in is one system whatever it issues, and the
// page learns which configurations are asked for from the parameters the service appends. Changes are audited.
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { badRequest } from '../../lib/errors.js';
import { parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import { authorizationSettingsInput } from './authorization.inputs.js';
import * as repository from './authorization.repository.js';

export const NO_LOGIN_URL = 'set the issuer’s login_url (PUT /v1/oid4vci/authorization-settings) first';

const LOOPBACK_HOSTS = ['127.0.0.1', '[::1]', 'localhost'];

/**
 * A login URL as a browser is sent to it: https, or http on loopback where private receivers are allowed (the
 * service's rule for outbound URLs, WEBHOOK_ALLOW_PRIVATE_URLS: development and tests). No credentials, no fragment
 * (the service appends query parameters).
 */
export function loginUrlProblem(raw: string, allowLoopbackHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'login_url must be an absolute URL';
  }
  const loopbackHttp = url.protocol === 'http:' && allowLoopbackHttp && LOOPBACK_HOSTS.includes(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) return 'login_url must be an https URL';
  if (url.username || url.password) return 'login_url must not carry credentials';
  if (raw.includes('#')) return 'login_url must not have a fragment';
  return null;
}

/**
 * An offer of the authorization code grant needs the login page, and takes no transaction code (§4.1.1); it is not
 * deferred (its approval may supply the claims instead).
 */
export async function assertAuthorizationCodeFlow(
  prisma: PrismaClient,
  tenantId: string,
  txCode: unknown,
  deferred: boolean | null | undefined,
) {
  if (txCode) throw badRequest('tx_code is for pre_authorized_code offers only');
  if (deferred) throw badRequest('deferred is for pre_authorized_code offers only');
  const settings = await repository.findSettings(prisma, tenantId);
  if (!settings?.loginUrl) throw badRequest(NO_LOGIN_URL);
}

export type AuthorizationSettingsView = { loginUrl: string | null; updatedAt: Date | null };

export function createAuthorizationSettingsService({
  prisma,
  allowLoopbackHttp,
}: {
  prisma: PrismaClient;
  allowLoopbackHttp: boolean;
}) {
  async function getAuthorizationSettings(principal: Principal): Promise<AuthorizationSettingsView> {
    const row = await repository.findSettings(prisma, principal.tenantId);
    return { loginUrl: row?.loginUrl ?? null, updatedAt: row?.updatedAt ?? null };
  }

  async function updateAuthorizationSettings(
    principal: Principal,
    rawInput: unknown,
    requestId: string | null,
  ): Promise<AuthorizationSettingsView> {
    const { loginUrl } = parseInput(authorizationSettingsInput, rawInput);
    const problem = loginUrl ? loginUrlProblem(loginUrl, allowLoopbackHttp) : null;
    if (problem) throw badRequest(problem);
    return prisma.$transaction(async (tx) => {
      const row = await repository.saveSettings(tx, principal.tenantId, loginUrl || null);
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'oid4vci.authorization_settings.updated',
        targetType: 'oid4vci_issuer_settings',
        targetId: principal.tenantId,
        details: { login_url: row.loginUrl },
      });
      return row;
    });
  }

  return { getAuthorizationSettings, updateAuthorizationSettings };
}
