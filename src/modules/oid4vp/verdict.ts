// The verdict on a wallet's answer (OpenID4VP 1.0 §8.6): every presentation verified by the credential format
// registry, bound to the request's client_id and nonce, with both status lists and the tenant's trust policy; the
// DCQL query run again over those that verified (dcql.ts); the request verified when they answer it. What is
// kept of each presentation: its checks always, its claims only on a verified request and when it verified.
import type { createVerificationService } from '../credentials/verification.service.js';
import type { PresentationResult } from '../credentials/verify/verify.types.js';
import type { TrustService } from '../trust/trust.service.js';
import {
  credentialQueryOf,
  holderBindingRequired,
  judgePresentations,
  vpTokenProblem,
  type DcqlQueryOutput,
  type QueryableFormat,
  type VerifiedPresentation,
} from './dcql.js';
import type { RequestRow } from './oid4vp.repository.js';
import { storedPresentation, type StoredPresentation } from './oid4vp.views.js';

export type Verdict =
  | {
      kind: 'verified';
      presentations: StoredPresentation[];
      holder: string | null;
      subjects: string[];
      queryIds: string[];
    }
  | { kind: 'failed'; error: string; description: string; presentations: StoredPresentation[] };

export type VerdictDeps = {
  verification: Pick<ReturnType<typeof createVerificationService>, 'verifyPresentation'>;
  trust: Pick<TrustService, 'verifierOf'>;
};

/** Every presentation verified, the query judged over those that did (§8.6), and the request's verdict. */
export async function judgeAnswer(
  row: RequestRow,
  presentations: Record<string, unknown[]>,
  { verification, trust }: VerdictDeps,
): Promise<Verdict> {
  const query = row.dcqlQuery as unknown as DcqlQueryOutput;
  const shape = vpTokenProblem(query, presentations);
  if (shape) return { kind: 'failed', error: 'invalid_request', description: shape, presentations: [] };
  const verifier = await trust.verifierOf(row.tenantId);
  const results: { id: string; result: PresentationResult }[] = [];
  for (const [id, list] of Object.entries(presentations)) {
    const credential = credentialQueryOf(query, id)!;
    for (const presentation of list) {
      const result = await verification.verifyPresentation(
        presentation as string,
        credential.format,
        { audience: row.clientId, nonce: row.nonce, holderBindingRequired: holderBindingRequired(credential) },
        verifier,
      );
      results.push({ id, result });
    }
  }
  const verified: Record<string, VerifiedPresentation[]> = {};
  for (const { id, result } of results) {
    if (!result.verified || !result.payload) continue;
    const format = credentialQueryOf(query, id)!.format as QueryableFormat;
    (verified[id] ??= []).push({ format, payload: result.payload, holderBound: result.holderBound });
  }
  const judgement = judgePresentations(query, verified);
  // Each verified presentation gets its `query` check, in the order judgePresentations saw them.
  const seen: Record<string, number> = {};
  const checked = results.map(({ id, result }) => {
    if (!result.verified || !result.payload) return { id, result };
    const check = judgement.checks[id]![(seen[id] = (seen[id] ?? -1) + 1)]!;
    return { id, result: { ...result, verified: check.status === 'passed', checks: [...result.checks, check] } };
  });
  const failures = checked
    .filter(({ result }) => !result.verified)
    .map(({ id, result }) => {
      const check = result.checks.find((candidate) => candidate.status === 'failed');
      return `${id}: ${check ? `${check.name}: ${check.detail}` : 'not verified'}`;
    });
  if (!judgement.satisfied) {
    const description = [...failures, ...(judgement.reason && !failures.length ? [judgement.reason] : [])].join('; ');
    return {
      kind: 'failed',
      error: 'invalid_request',
      description: description || 'the presentations do not answer the query',
      presentations: checked.map(({ id, result }) => storedPresentation(id, result, false)),
    };
  }
  const kept = checked.map(({ id, result }) => storedPresentation(id, result, result.verified));
  const holders = [...new Set(checked.filter(({ result }) => result.verified).map(({ result }) => result.holder))];
  const subjects = checked
    .filter(({ result }) => result.verified)
    .flatMap(({ result }) => [result.subject, result.holder])
    .filter((value): value is string => typeof value === 'string');
  return {
    kind: 'verified',
    presentations: kept,
    holder: holders.length === 1 ? (holders[0] ?? null) : null,
    subjects: [...new Set(subjects)],
    queryIds: [...new Set(checked.filter(({ result }) => result.verified).map(({ id }) => id))],
  };
}
