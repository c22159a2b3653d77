// OpenID4VP, the wallet's door (no principal: a wallet brings only the request's public handle): the request
// object at the request_uri (RFC 9101; OpenID4VP 1.0 §5.10 for POST with wallet_metadata and wallet_nonce), and
// the answer at the response_uri (§8.2 direct_post, §8.3.1 direct_post.jwt). An answer is taken once: the first to
// arrive in time moves the request to received; each presentation then goes through the credential format
// registry's verifier (src/modules/credentials) bound to the request's client_id and nonce, with both status lists
// and the tenant's trust policy, and the DCQL query is run again over what verified (dcql.ts).
import { randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { Oauth2Error } from '../../http/oauth2-errors.js';
import { sha256 } from '../../lib/crypto.js';
import type { KeyEncryption } from '../../lib/key-encryption.js';
import type { Logger } from '../../lib/logger.js';
import { recordAudit, type AuditActor } from '../audit/audit.repository.js';
import { isRecord } from '../credentials/verify/compact-jws.js';
import type { IssuerKeys } from '../dids/issuer-keys.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import { authorizationParametersOf, requestUriOf } from './authorization-request.js';
import {
  authorizationRequest,
  parseWalletAnswer,
  walletError,
  walletMetadataProblem,
  type RequestSigner,
  type WalletAnswer,
} from './oid4vp.library.js';
import * as repository from './oid4vp.repository.js';
import type { RequestRow } from './oid4vp.repository.js';
import { judgeAnswer, type Verdict, type VerdictDeps } from './verdict.js';
import { openResponse, ResponseDecryptionError, type EncryptionJwk } from './response-encryption.js';
import { answerVerdict } from './verification-session.policy.js';

export type Oid4vpProtocolDeps = VerdictDeps & {
  prisma: PrismaClient;
  keys: KeyEncryption;
  issuerKeys: IssuerKeys;
  log: Logger;
  now?: () => Date;
};

/** What the response_uri answers the wallet (§8.2): 200 with an optional redirect_uri, or an OAuth error. */
export type AnswerOutcome = { redirectUri: string | null };

const invalidRequest = (description: string, status = 400) =>
  new Oauth2Error('invalid_request', description, { status });

/** A wallet-supplied wallet_nonce: bounded and URL-safe, as it goes into what we sign. */
const WALLET_NONCE = /^[A-Za-z0-9._~-]{1,200}$/;

export function createOid4vpProtocol(deps: Oid4vpProtocolDeps) {
  const { prisma, keys, issuerKeys, verification, trust, log, now = () => new Date() } = deps;

  async function requestOf(handle: string): Promise<RequestRow> {
    const row = await repository.findRequestByHandleHash(prisma, sha256(handle));
    if (!row) throw invalidRequest('no such request', 404);
    return row;
  }

  /** The wallet's actor in the audit log: nobody of the tenant, in this HTTP request. */
  const walletActor = (row: RequestRow, requestId: string | null): AuditActor => ({
    tenantId: row.tenantId,
    actorUserId: null,
    actorApiKeyId: null,
    requestId,
  });

  /**
   * The request object, signed by the tenant's DID now (with the wallet's nonce when it sent one), for as long
   * as the request is pending. `form` is the POSTed one (§5.10.1), null for GET.
   */
  async function requestObject(handle: string, form: URLSearchParams | null): Promise<string> {
    const row = await requestOf(handle);
    const at = now();
    const verdict = answerVerdict(row, at);
    if (verdict.kind !== 'accept')
      throw invalidRequest(verdict.kind === 'expired' ? 'the request has expired' : verdict.reason);
    if (!row.did)
      throw invalidRequest('this request is passed by value (redirect_uri client); it has no request object');
    if (row.did.deactivatedAt) throw invalidRequest('the verifier’s DID has been deactivated');
    const walletNonce = form?.get('wallet_nonce') ?? undefined;
    if (walletNonce !== undefined && !WALLET_NONCE.test(walletNonce))
      throw invalidRequest('wallet_nonce must be 1 to 200 URL-safe characters');
    const problem = walletMetadataProblem(form?.get('wallet_metadata') ?? null);
    if (problem) throw invalidRequest(problem);
    const issuer = await issuerKeys.forTenant(row.tenantId, row.did.did);
    if (!issuer) throw invalidRequest('the verifier’s DID is gone', 404);
    const signer: RequestSigner = { ...issuer.key, publicJwk: row.did.publicJwk as RequestSigner['publicJwk'] };
    const { requestObject } = await authorizationRequest(authorizationParametersOf(row, handle), {
      signer,
      requestUri: requestUriOf(row.baseUrl, handle),
      expiresInSeconds: Math.ceil((row.expiresAt.getTime() - at.getTime()) / 1000),
      walletNonce,
    });
    return requestObject!;
  }

  /** Opens a direct_post.jwt answer with the request's key; the decrypted parameters, or why not. */
  async function decrypt(row: RequestRow, form: Record<string, string>) {
    if (typeof form.response !== 'string')
      return { refused: 'the request asked for direct_post.jwt: the answer must be an encrypted JWT in `response`' };
    try {
      const plaintext = await openResponse(
        form.response,
        row.encryptionKeyCiphertext!,
        row.encryptionJwk as EncryptionJwk,
        {
          keys,
          tenantId: row.tenantId,
          requestId: row.id,
        },
      );
      let parameters: unknown;
      try {
        parameters = JSON.parse(plaintext);
      } catch {
        return { refused: 'the decrypted response is not JSON' };
      }
      if (!isRecord(parameters)) return { refused: 'the decrypted response is not a JSON object' };
      return { jwe: form.response, plaintext, parameters };
    } catch (error) {
      if (error instanceof ResponseDecryptionError) return { refused: error.message };
      throw error;
    }
  }

  /** The wallet's answer as presentations, its own error, or a refusal (§8.2, §8.3.1, §8.5). */
  async function readAnswer(row: RequestRow, handle: string, form: Record<string, string>): Promise<WalletAnswer> {
    const plainError = walletError(form);
    if (plainError) return plainError; // §8.3.1: a wallet that cannot encrypt may answer an error in the clear
    const parameters = authorizationParametersOf(row, handle);
    if (row.responseMode === 'direct_post') return parseWalletAnswer(parameters, form, null);
    const opened = await decrypt(row, form);
    if ('refused' in opened) return { kind: 'refused', reason: opened.refused! };
    const encryptedError = walletError(opened.parameters);
    if (encryptedError) return encryptedError;
    return parseWalletAnswer(parameters, form, {
      jwe: opened.jwe,
      plaintext: opened.plaintext,
      jwk: row.encryptionJwk as never,
    });
  }

  /** Records a verdict on a received request, with its event and audit entry, in one transaction. */
  async function complete(
    row: RequestRow,
    requestId: string | null,
    verdict: Verdict | { kind: 'wallet_error'; error: string; description: string | null },
  ): Promise<string | null> {
    const at = now();
    const responseCode = row.redirectUri && verdict.kind !== 'failed' ? randomBytes(32).toString('base64url') : null;
    const verified = verdict.kind === 'verified';
    const data: Prisma.Oid4vpRequestUncheckedUpdateManyInput = {
      status: verified ? 'verified' : 'failed',
      completedAt: at,
      encryptionKeyCiphertext: null,
      result: { presentations: verdict.kind === 'wallet_error' ? [] : verdict.presentations } as never,
      error: verified ? null : verdict.error,
      errorDescription: verified ? null : verdict.description,
      holder: verified ? verdict.holder : null,
      subjectIds: verified ? verdict.subjects : [],
      responseCodeHash: responseCode ? sha256(responseCode) : null,
    };
    await prisma.$transaction(async (tx) => {
      const moved = await repository.transition(tx, row.tenantId, row.id, { status: 'received' }, data);
      if (!moved) throw new Error(`presentation request ${row.id} left received before its verdict`);
      if (verified) {
        await recordEvent(tx, row.tenantId, 'oid4vp.presentation.verified', {
          request_id: row.id,
          credential_query_ids: verdict.queryIds,
          verified_at: at.toISOString(),
        });
      } else {
        await recordEvent(tx, row.tenantId, 'oid4vp.presentation.failed', {
          request_id: row.id,
          error: verdict.error,
          error_description: verdict.description,
          failed_at: at.toISOString(),
        });
      }
      await recordAudit(tx, walletActor(row, requestId), {
        action: verified ? 'oid4vp.presentation.verified' : 'oid4vp.presentation.failed',
        targetType: 'oid4vp_request',
        targetId: row.id,
        details: verified
          ? { credential_query_ids: verdict.queryIds }
          : { error: verdict.error, error_description: verdict.description },
      });
    });
    return responseCode && `${row.redirectUri}#response_code=${responseCode}`;
  }

  /** A late answer to a request still pending: the request is recorded expired, the answer refused. */
  async function expire(row: RequestRow, at: Date) {
    await prisma.$transaction(async (tx) => {
      const moved = await repository.transition(
        tx,
        row.tenantId,
        row.id,
        { status: 'pending' },
        {
          status: 'expired',
          completedAt: at,
          encryptionKeyCiphertext: null,
          error: 'invalid_request',
          errorDescription: `an answer arrived at ${at.toISOString()}, after the request expired at ${row.expiresAt.toISOString()}`,
        },
      );
      if (moved)
        await recordEvent(tx, row.tenantId, 'oid4vp.presentation.expired', {
          request_id: row.id,
          expired_at: at.toISOString(),
        });
    });
  }

  /**
   * The wallet's POST to the response_uri (§8.2). The first answer in time is taken, whatever it holds; anything
   * later is refused and changes nothing. A refused answer fails the request with its reason and keeps no claim.
   */
  async function answer(
    handle: string,
    form: Record<string, string>,
    requestId: string | null,
  ): Promise<AnswerOutcome> {
    const row = await requestOf(handle);
    const at = now();
    const verdict = answerVerdict(row, at);
    if (verdict.kind === 'expired') {
      await expire(row, at);
      throw invalidRequest('the request has expired');
    }
    if (verdict.kind === 'closed') throw invalidRequest(verdict.reason);
    const taken = await prisma.$transaction(async (tx) => {
      const moved = await repository.transition(
        tx,
        row.tenantId,
        row.id,
        { status: 'pending', notExpiredAt: at },
        { status: 'received', receivedAt: at },
      );
      if (moved)
        await recordEvent(tx, row.tenantId, 'oid4vp.presentation.received', {
          request_id: row.id,
          received_at: at.toISOString(),
        });
      return moved;
    });
    // Another answer (on this instance or another) got there first, or the request expired meanwhile.
    if (!taken) throw invalidRequest('the request has been answered already');
    let outcome: Verdict | { kind: 'wallet_error'; error: string; description: string | null };
    try {
      const answered = await readAnswer(row, handle, form);
      outcome =
        answered.kind === 'error'
          ? { kind: 'wallet_error', error: answered.error, description: answered.description }
          : answered.kind === 'refused'
            ? { kind: 'failed', error: 'invalid_request', description: answered.reason, presentations: [] }
            : await judgeAnswer(row, answered.presentations, { verification, trust });
    } catch (error) {
      // A fault of ours must not leave the request received for ever: it fails, and the wallet hears why.
      log.error({ err: error, requestId: row.id }, 'verifying an OpenID4VP answer failed');
      outcome = {
        kind: 'failed',
        error: 'server_error',
        description: 'the answer could not be verified',
        presentations: [],
      };
    }
    const redirectUri = await complete(row, requestId, outcome);
    if (outcome.kind === 'failed') {
      throw new Oauth2Error(
        outcome.error === 'server_error' ? 'server_error' : 'invalid_request',
        outcome.description,
        {
          status: outcome.error === 'server_error' ? 500 : 400,
        },
      );
    }
    return { redirectUri };
  }

  return { requestObject, answer };
}

export type Oid4vpProtocol = ReturnType<typeof createOid4vpProtocol>;
