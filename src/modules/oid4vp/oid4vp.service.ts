// OpenID4VP presentation requests, the tenant's door (permission credentials:verify): create, read, list and
// cancel them, and redeem a same-device response code. The wallet's door is oid4vp.protocol.ts. Every tenant is a
// verifier: its client_id is one of its DIDs (decentralized_identifier:), which signs the request object.
import { randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { constantTimeEqual, sha256, uuidV7 } from '../../lib/crypto.js';
import type { KeyEncryption } from '../../lib/key-encryption.js';
import { MESSAGES } from '../../lib/messages.js';
import { fetchPage, isUuid, type PageRequest } from '../../lib/pagination.js';
import { qrCodeOf } from '../../lib/qr-code.js';
import { parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import type { RequestOrigin } from '../credentials/credentials.service.js';
import { didIsActive, findDid } from '../dids/dids.repository.js';
import type { IssuerKeys } from '../dids/issuer-keys.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import { authorizationParametersOf, clientIdOf, requestUriOf, responseUriOf } from './authorization-request.js';
import { DcqlQueryError, parseDcqlQuery, shortFormQuery } from './dcql.js';
import { createRequestInput, listRequestsInput, responseCodeInput } from './oid4vp.inputs.js';
import { authorizationRequest, libraryProblem, type RequestSigner } from './oid4vp.library.js';
import * as repository from './oid4vp.repository.js';
import { toView, type RequestView } from './oid4vp.views.js';
import { newResponseKey } from './response-encryption.js';
import { cancelProblem, expiryOf } from './verification-session.policy.js';

export type Oid4vpServiceDeps = {
  prisma: PrismaClient;
  keys: KeyEncryption;
  issuerKeys: IssuerKeys;
  now?: () => Date;
};

/** 128 bits and more from the CSPRNG, base64url: URL-safe as §5.2 asks of nonce and state. */
const randomValue = (bytes: number) => randomBytes(bytes).toString('base64url');

export function createOid4vpService({ prisma, keys, issuerKeys, now = () => new Date() }: Oid4vpServiceDeps) {
  async function find(principal: Principal, id: string) {
    const row = isUuid(id) ? await repository.findRequest(prisma, principal.tenantId, id) : null;
    if (!row) throw notFound(MESSAGES.oid4vpRequestNotFound);
    return row;
  }

  function queryOf(input: ReturnType<typeof createRequestInput.parse>) {
    try {
      return input.credential ? shortFormQuery(input.credential) : parseDcqlQuery(input.dcqlQuery);
    } catch (error) {
      if (error instanceof DcqlQueryError) throw badRequest(error.message);
      throw error;
    }
  }

  /** The DID that signs (decentralized_identifier:), with its public key; null for a redirect_uri: client. */
  async function signerOf(principal: Principal, input: ReturnType<typeof createRequestInput.parse>) {
    if (input.clientIdPrefix === 'redirect_uri') {
      if (input.did)
        throw badRequest(
          'did names the signer of a decentralized_identifier request; a redirect_uri request is unsigned',
        );
      return null;
    }
    const issuer = await issuerKeys.statementSigner(principal.tenantId, input.did, MESSAGES.noVerifierDid);
    const did = await findDid(prisma, principal.tenantId, issuer.key.did);
    const signer: RequestSigner = { ...issuer.key, publicJwk: did!.publicJwk as RequestSigner['publicJwk'] };
    return { didId: issuer.didId, did: issuer.key.did, signer };
  }

  async function create(
    principal: Principal,
    rawInput: unknown,
    requestId: string | null,
    origin: RequestOrigin,
  ): Promise<RequestView> {
    const input = parseInput(createRequestInput, rawInput);
    const query = queryOf(input);
    const signing = await signerOf(principal, input);
    const id = uuidV7();
    const createdAt = now();
    const handle = randomValue(32);
    const responseMode = input.responseMode ?? 'direct_post.jwt';
    const encryption = responseMode === 'direct_post.jwt' ? await newResponseKey(keys, principal.tenantId, id) : null;
    const stored = {
      clientId: clientIdOf(signing?.did ?? null, responseUriOf(origin.publicBaseUrl, handle)),
      baseUrl: origin.publicBaseUrl,
      nonce: randomValue(24),
      state: randomValue(24),
      responseMode: responseMode === 'direct_post.jwt' ? ('direct_post_jwt' as const) : ('direct_post' as const),
      dcqlQuery: query as unknown as Prisma.InputJsonObject,
      encryptionJwk: encryption?.jwk ?? null,
    };
    const expiresAt = expiryOf(createdAt, input.expiresIn);
    const requestUri = requestUriOf(origin.publicBaseUrl, handle);
    let invocation: Awaited<ReturnType<typeof authorizationRequest>>;
    try {
      invocation = await authorizationRequest(authorizationParametersOf(stored, handle), {
        signer: signing?.signer ?? null,
        requestUri,
        expiresInSeconds: (expiresAt.getTime() - createdAt.getTime()) / 1000,
      });
    } catch (error) {
      throw badRequest(`the request cannot be made: ${libraryProblem(error)}`);
    }
    const row = await prisma.$transaction(async (tx) => {
      if (signing && !(await didIsActive(tx, principal.tenantId, signing.didId))) {
        throw badRequest(MESSAGES.issuerDidDeactivated);
      }
      const inserted = await repository.insertRequest(tx, principal.tenantId, {
        id,
        ...stored,
        encryptionJwk: (stored.encryptionJwk ?? undefined) as Prisma.InputJsonObject | undefined,
        didId: signing?.didId ?? null,
        handleHash: sha256(handle),
        purpose: input.purpose ?? null,
        redirectUri: input.redirectUri ?? null,
        encryptionKeyCiphertext: encryption ? new Uint8Array(encryption.sealed) : null,
        expiresAt,
        createdAt,
      });
      const queryIds = query.credentials.map((credential) => credential.id);
      await recordEvent(tx, principal.tenantId, 'oid4vp.presentation.requested', {
        request_id: id,
        client_id: stored.clientId,
        response_mode: responseMode,
        credential_query_ids: queryIds,
        expires_at: expiresAt.toISOString(),
      });
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'oid4vp.request.created',
        targetType: 'oid4vp_request',
        targetId: id,
        details: { client_id: stored.clientId, response_mode: responseMode, credential_query_ids: queryIds },
      });
      return inserted;
    });
    const requestUriShown = invocation.requestObject === null ? null : requestUri;
    return toView(row, createdAt, {
      authorizationRequest: invocation.uri,
      requestUri: requestUriShown,
      qrCode: await qrCodeOf(invocation.uri),
    });
  }

  async function get(principal: Principal, id: string): Promise<RequestView> {
    return toView(await find(principal, id), now());
  }

  async function list(principal: Principal, rawFilters: unknown, page: PageRequest) {
    const filters = parseInput(listRequestsInput, rawFilters);
    const { items, nextCursor } = await fetchPage(page, (window) =>
      repository.listRequests(prisma, principal.tenantId, { status: filters.status ?? null }, window),
    );
    const at = now();
    return { requests: items.map((row) => toView(row, at)), nextCursor };
  }

  async function cancel(principal: Principal, id: string, requestId: string | null): Promise<RequestView> {
    const row = await find(principal, id);
    const at = now();
    const problem = cancelProblem(row, at);
    if (problem) throw badRequest(problem);
    await prisma.$transaction(async (tx) => {
      const moved = await repository.transition(
        tx,
        principal.tenantId,
        id,
        { status: 'pending', notExpiredAt: at },
        { status: 'cancelled', completedAt: at, encryptionKeyCiphertext: null },
      );
      if (!moved) throw badRequest('the request is no longer pending');
      await recordEvent(tx, principal.tenantId, 'oid4vp.presentation.cancelled', {
        request_id: id,
        cancelled_at: at.toISOString(),
      });
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'oid4vp.request.cancelled',
        targetType: 'oid4vp_request',
        targetId: id,
      });
    });
    return get(principal, id);
  }

  /**
   * A same-device flow's response code (OpenID4VP §13.3 steps 7-9), brought back by the browser the wallet
   * redirected: it proves the result is collected where the wallet was, once. Wrong, absent or used: one answer.
   */
  async function redeemResponseCode(
    principal: Principal,
    id: string,
    rawInput: unknown,
    requestId: string | null,
  ): Promise<RequestView> {
    const { responseCode } = parseInput(responseCodeInput, rawInput);
    const row = await find(principal, id);
    const at = now();
    const matches =
      row.responseCodeHash !== null &&
      row.responseCodeUsedAt === null &&
      constantTimeEqual(new Uint8Array(row.responseCodeHash), sha256(responseCode));
    if (!matches) throw badRequest(MESSAGES.oid4vpResponseCodeInvalid);
    await prisma.$transaction(async (tx) => {
      if (!(await repository.redeemResponseCode(tx, principal.tenantId, id, at)))
        throw badRequest(MESSAGES.oid4vpResponseCodeInvalid);
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'oid4vp.response_code.redeemed',
        targetType: 'oid4vp_request',
        targetId: id,
      });
    });
    return get(principal, id);
  }

  return { create, get, list, cancel, redeemResponseCode };
}

export type Oid4vpService = ReturnType<typeof createOid4vpService>;
