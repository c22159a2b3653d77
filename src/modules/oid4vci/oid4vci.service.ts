// The tenant's door of OpenID4VCI, with a principal: its offers (credentials:issue): make one, list, read, cancel.
// Its credential configurations are configurations.service.ts; what wallets do with an offer, oid4vci.protocol.ts.
// Every change is audited and announced through the outbox in its transaction.
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { uuidV7, sha256 } from '../../lib/crypto.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { fetchPage, isUuid, type PageRequest } from '../../lib/pagination.js';
import { qrCodeOf } from '../../lib/qr-code.js';
import { parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import { parseIssueInput } from '../credentials/credentials.inputs.js';
import type { RequestOrigin } from '../credentials/credentials.service.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import { issueRequestFor, offeredClaimsProblem, type CredentialConfiguration } from './credential-configurations.js';
import { credentialIssuerIdentifier } from './issuer-identifier.js';
import { credentialIssuerMetadata, issuerEndpoints } from './issuer-metadata.js';
import { credentialOffer } from './oid4vci.library.js';
import { createOfferInput, offerListInput } from './oid4vci.inputs.js';
import {
  generateTxCode,
  OFFER_TTL_SECONDS,
  preAuthorizedCodeOf,
  randomSecret,
  stateAt,
  TX_CODE_LENGTH,
  txCodeHash,
  type OfferState,
  type TxCodeMode,
} from './offer-session.policy.js';
import * as repository from './oid4vci.repository.js';
import type { OfferRow } from './oid4vci.repository.js';
import { findConfigurations } from './configurations.repository.js';
import { activeIssuerDid } from './configurations.service.js';
import { assertAuthorizationCodeFlow } from './authorization-settings.service.js';
import { issuerStateKey, issuerStateOf } from './authorization.policy.js';

export const OFFER_NOT_FOUND = 'offer not found';
const OFFER_NOT_OPEN = 'offer not found or no longer open';
const DEFERRED_WITH_CLAIMS =
  'a deferred offer takes its claims later (POST /v1/oid4vci/offers/{id}/claims): leave claims out';
const CLAIMS_REQUIRED = 'claims is required (or deferred: true to give them later)';

export type OfferView = Omit<OfferRow, 'state' | 'txCodeLength' | 'txCodeInputMode' | 'txCodeDescription'> & {
  state: OfferState;
  txCode: { length: number; inputMode: TxCodeMode; description: string | null } | null;
};

/** The answer to creating an offer: the offer, and what carries it to a wallet, shown this once. */
export type CreatedOffer = OfferView & {
  credentialIssuer: string;
  /** The Credential Offer object (OpenID4VCI §4.1.1). */
  credentialOffer: Record<string, unknown>;
  /** Where the offer object is served (the offer by reference). */
  credentialOfferUri: string;
  /** openid-credential-offer://?credential_offer_uri=… (by reference: what the QR codes carry). */
  offerUri: string;
  /** openid-credential-offer://?credential_offer=… (by value). */
  offerByValueUri: string;
  qrCode: { svg: string; pngDataUri: string };
  /** The transaction code to give the holder another way, shown only here; null when none is asked for. */
  txCodeValue: string | null;
};

export type Oid4vciServiceDeps = {
  prisma: PrismaClient;
  /** The configured public base URL: a request's origin other than it is the tenant's verified domain. */
  configuredBaseUrl: () => string;
};

export function createOid4vciService({ prisma, configuredBaseUrl }: Oid4vciServiceDeps) {
  /** The tenant's issuer identifier and endpoints under the request's origin (its verified domain or the service's). */
  async function issuerOf(tenantId: string, origin: RequestOrigin | undefined) {
    const tenant = await repository.findIssuerTenant(prisma, tenantId);
    if (!tenant) throw notFound();
    const base = origin?.publicBaseUrl ?? configuredBaseUrl();
    const onCustomDomain = base !== configuredBaseUrl();
    return {
      tenant,
      identifier: credentialIssuerIdentifier(base, tenant.slug, onCustomDomain),
      endpoints: issuerEndpoints(base, tenant.slug),
    };
  }

  async function createOffer(
    principal: Principal,
    rawInput: unknown,
    origin: RequestOrigin | undefined,
    requestId: string | null,
  ): Promise<CreatedOffer> {
    const input = parseInput(createOfferInput, rawInput);
    const { tenantId } = principal;
    const configs = await findConfigurations(prisma, tenantId, input.configurationIds);
    const missing = input.configurationIds.find((id) => !configs.some((config) => config.configurationId === id));
    if (missing !== undefined) throw badRequest(`unknown credential configuration: ${missing}`);
    // Deferred: the claims come later (deferred.service.ts), checked then as they would be now.
    if (input.deferred && input.claims) throw badRequest(DEFERRED_WITH_CLAIMS);
    if (!input.deferred && !input.claims) throw badRequest(CLAIMS_REQUIRED);
    const offered = input.claims ?? {};
    if (!input.deferred) checkOfferedClaims(configs, offered);
    for (const config of configs) await activeIssuerDid(prisma, tenantId, config.issuer.did);
    const authorizationCode = input.grantType === 'authorization_code';
    if (authorizationCode) await assertAuthorizationCodeFlow(prisma, tenantId, input.txCode, input.deferred);

    const issuer = await issuerOf(tenantId, origin);
    const now = new Date();
    const id = uuidV7(now.getTime());
    const reference = randomSecret();
    const preAuthorizedCode = authorizationCode ? null : preAuthorizedCodeOf(reference);
    const issuerState = authorizationCode ? issuerStateOf(reference) : null;
    const txCodeAsked = input.txCode
      ? {
          length: input.txCode.length ?? TX_CODE_LENGTH.default,
          input_mode: input.txCode.input_mode ?? ('numeric' as const),
          ...(input.txCode.description !== undefined && { description: input.txCode.description }),
        }
      : null;
    const txCode = txCodeAsked && generateTxCode(txCodeAsked.length, txCodeAsked.input_mode);
    const expiresAt = new Date(now.getTime() + (input.expiresIn ?? OFFER_TTL_SECONDS.default) * 1000);
    const claims = Object.fromEntries(
      input.deferred ? [] : configs.map((config) => [config.configurationId, offered[config.configurationId] ?? {}]),
    );
    const row = await prisma.$transaction(async (tx) => {
      const created = await repository.createOffer(tx, id, {
        tenantId,
        subjectId: input.subjectId,
        configurationIds: input.configurationIds,
        claims,
        deferred: input.deferred === true,
        referenceHash: sha256(reference),
        preAuthorizedCodeHash: preAuthorizedCode === null ? null : sha256(preAuthorizedCode),
        ...(issuerState && { grantType: 'authorization_code' as const, issuerState: issuerStateKey(issuerState) }),
        txCode: txCodeAsked && {
          hash: txCodeHash(id, txCode!),
          length: txCodeAsked.length,
          inputMode: txCodeAsked.input_mode,
          description: txCodeAsked.description ?? null,
        },
        expiresAt,
        createdByUserId: principal.userId,
        createdByApiKeyId: principal.kind === 'api_key' ? principal.apiKeyId : null,
      });
      await recordEvent(tx, tenantId, 'oid4vci.offer.created', {
        offer_id: id,
        subject_id: input.subjectId,
        configuration_ids: input.configurationIds,
        grant_type: authorizationCode ? 'authorization_code' : 'pre_authorized_code',
        tx_code_required: txCode !== null,
        deferred: input.deferred === true,
        expires_at: expiresAt.toISOString(),
      });
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'oid4vci.offer.created',
        targetType: 'oid4vci_offer',
        targetId: id,
        details: {
          configuration_ids: input.configurationIds,
          subject_id: input.subjectId,
          tx_code: txCode !== null,
          deferred: input.deferred === true,
        },
      });
      return created;
    });
    const metadata = credentialIssuerMetadata(issuer.identifier, issuer.endpoints, issuer.tenant, configs);
    const credentialOfferUri = `${issuer.endpoints.offerPrefix}${reference}`;
    const links = await credentialOffer({
      metadata,
      configurationIds: input.configurationIds,
      grant: issuerState ? { issuerState } : { preAuthorizedCode: preAuthorizedCode!, txCode: txCodeAsked },
      offerUri: credentialOfferUri,
    });
    return {
      ...viewOfOffer(row, now),
      credentialIssuer: issuer.identifier,
      credentialOffer: links.offer,
      credentialOfferUri,
      offerUri: links.byReferenceUri,
      offerByValueUri: links.byValueUri,
      qrCode: await offerQrCode(links.byReferenceUri),
      txCodeValue: txCode,
    };
  }

  async function listOffers(principal: Principal, rawFilters: unknown, page: PageRequest) {
    const { state } = parseInput(offerListInput, rawFilters);
    const now = new Date();
    const result = await fetchPage(page, (window) =>
      repository.listOffers(prisma, principal.tenantId, state, now, window),
    );
    return { offers: result.items.map((row) => viewOfOffer(row, now)), nextCursor: result.nextCursor };
  }

  async function getOffer(principal: Principal, id: string) {
    const row = isUuid(id) ? await repository.findOffer(prisma, principal.tenantId, id) : null;
    if (!row) throw notFound(OFFER_NOT_FOUND);
    return viewOfOffer(row);
  }

  /** Withdraws an open offer: its code and token stop working at once. */
  async function cancelOffer(principal: Principal, id: string, requestId: string | null) {
    if (!isUuid(id)) throw notFound(OFFER_NOT_OPEN);
    const now = new Date();
    return prisma.$transaction(async (tx) => {
      const row = await repository.cancelOffer(tx, principal.tenantId, id, now);
      if (!row) throw notFound(OFFER_NOT_OPEN);
      await recordEvent(tx, principal.tenantId, 'oid4vci.offer.cancelled', {
        offer_id: row.id,
        subject_id: row.subjectId,
        configuration_ids: row.configurationIds,
        reason: 'cancelled',
        cancelled_at: now.toISOString(),
      });
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'oid4vci.offer.cancelled',
        targetType: 'oid4vci_offer',
        targetId: row.id,
        details: { subject_id: row.subjectId },
      });
      return viewOfOffer(row, now);
    });
  }

  return {
    createOffer,
    listOffers,
    getOffer,
    cancelOffer,
  };
}

export type Oid4vciService = ReturnType<typeof createOid4vciService>;

/** An offer as the tenant reads it: its state at `now`, its transaction code's description. */
export function viewOfOffer(row: OfferRow, now = new Date()): OfferView {
  const { txCodeLength, txCodeInputMode, txCodeDescription, ...rest } = row;
  return {
    ...rest,
    state: stateAt(row, now),
    txCode:
      txCodeLength === null
        ? null
        : { length: txCodeLength, inputMode: txCodeInputMode as TxCodeMode, description: txCodeDescription },
  };
}

/** Each offered configuration's claims, checked as the issue path will check them for a wallet's credential. */
export function checkOfferedClaims(
  configs: CredentialConfiguration[],
  claims: Record<string, Record<string, unknown>>,
) {
  const unknown = Object.keys(claims).find((id) => !configs.some((config) => config.configurationId === id));
  if (unknown !== undefined) throw badRequest(`claims names a configuration that is not offered: ${unknown}`);
  // A holder key of the right shape, to run the issue rules on the claims now rather than at the wallet.
  const probe = { jwk: { kty: 'OKP', crv: 'Ed25519', x: 'A'.repeat(43) }, did: 'did:key:z6Mkprobe' };
  for (const config of configs) {
    const offered = claims[config.configurationId] ?? {};
    const problem = offeredClaimsProblem(config, offered);
    if (problem) throw badRequest(problem);
    parseIssueInput(issueRequestFor(config, offered, probe, new Date()));
  }
}

/** The offer URI as a QR code: SVG markup and a PNG data URI (what a page or an e-mail embeds). */
async function offerQrCode(uri: string) {
  const { svg, pngDataUrl } = await qrCodeOf(uri);
  return { svg, pngDataUri: pngDataUrl };
}
