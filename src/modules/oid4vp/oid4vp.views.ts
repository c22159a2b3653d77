// A request as both doors show it, and the verdict as it is stored: each presentation in the shape of
// POST /v1/credentials/verify's answer, beside the credential query it answered and its holder. A presentation's
// claims are kept only when the request verified and it did; erasure (GDPR Art. 17) removes them and keeps checks.
import type { Check, PresentationResult } from '../credentials/verify/verify.types.js';
import type { CredentialFormatName } from '../credentials/formats/index.js';
import type { QrCode } from '../../lib/qr-code.js';
import { responseModeOf } from './authorization-request.js';
import type { ResponseMode } from './oid4vp.inputs.js';
import type { RequestRow } from './oid4vp.repository.js';
import { effectiveStatus, type RequestStatus } from './verification-session.policy.js';

/** verify's answer (VerificationResult), as stored: instants as ISO text. */
export type StoredVerification = {
  verified: boolean;
  format: CredentialFormatName;
  issuer: string | null;
  subject: string | null;
  credentialTypes: string[] | null;
  issuedAt: string | null;
  expiresAt: string | null;
  claims: Record<string, unknown> | null;
  disclosed: string[] | null;
  payload: Record<string, unknown> | null;
  checks: Check[];
};

export type StoredPresentation = { credentialQueryId: string; holder: string | null; verification: StoredVerification };
export type StoredResult = { presentations: StoredPresentation[] };

/** A presentation's verdict as stored; `withClaims` false keeps what was checked and nothing it said. */
export function storedPresentation(
  credentialQueryId: string,
  result: PresentationResult,
  withClaims: boolean,
): StoredPresentation {
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  return {
    credentialQueryId,
    holder: withClaims ? result.holder : null,
    verification: {
      verified: result.verified,
      format: result.format,
      issuer: result.issuer,
      subject: withClaims ? (result.subject ?? null) : null,
      credentialTypes: result.credentialTypes ?? null,
      issuedAt: iso(result.issuedAt),
      expiresAt: iso(result.expiresAt),
      claims: withClaims ? (result.claims ?? null) : null,
      disclosed: withClaims ? (result.disclosed ?? null) : null,
      payload: withClaims ? (result.payload ?? null) : null,
      checks: result.checks,
    },
  };
}

/** The stored result with every claim, subject and holder removed (erasure). */
export function erasedResult(result: unknown): StoredResult {
  const presentations = ((result as StoredResult | null)?.presentations ?? []).map((presentation) => ({
    ...presentation,
    holder: null,
    verification: { ...presentation.verification, subject: null, claims: null, disclosed: null, payload: null },
  }));
  return { presentations };
}

export type RequestView = {
  id: string;
  status: RequestStatus;
  clientId: string;
  did: string | null;
  responseMode: ResponseMode;
  dcqlQuery: unknown;
  purpose: string | null;
  redirectUri: string | null;
  expiresAt: Date;
  createdAt: Date;
  receivedAt: Date | null;
  completedAt: Date | null;
  /** True or false once a verdict was reached; null before, and for an expired or cancelled request. */
  verified: boolean | null;
  error: string | null;
  errorDescription: string | null;
  holder: string | null;
  presentations: StoredPresentation[];
  responseCodeRedeemedAt: Date | null;
  erasedAt: Date | null;
  /** Only in the answer that created it: the wallet's invocation URI, its request_uri and the QR code of it. */
  authorizationRequest: string | null;
  requestUri: string | null;
  qrCode: QrCode | null;
};

export function toView(
  row: RequestRow,
  now: Date,
  created?: Pick<RequestView, 'authorizationRequest' | 'requestUri' | 'qrCode'>,
): RequestView {
  const status = effectiveStatus(row, now);
  return {
    id: row.id,
    status,
    clientId: row.clientId,
    did: row.did?.did ?? null,
    responseMode: responseModeOf(row.responseMode),
    dcqlQuery: row.dcqlQuery,
    purpose: row.purpose,
    redirectUri: row.redirectUri,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    receivedAt: row.receivedAt,
    completedAt: row.completedAt,
    verified: status === 'verified' ? true : status === 'failed' ? false : null,
    error: row.error,
    errorDescription: row.errorDescription,
    holder: row.holder,
    presentations: (row.result as StoredResult | null)?.presentations ?? [],
    responseCodeRedeemedAt: row.responseCodeUsedAt,
    erasedAt: row.erasedAt,
    authorizationRequest: created?.authorizationRequest ?? null,
    requestUri: created?.requestUri ?? null,
    qrCode: created?.qrCode ?? null,
  };
}
