// A compliance report: a framework's evaluation at one moment, as REST-facing JSON (stored as issued), signed as
// a jwt_vc_json `ComplianceReport` credential (VCDM 1.1 JWT, verifiable by any VC library), and rendered as an
// HTML page for people. The credential carries each control's state and summary; the full evidence is in the
// stored evaluation, which the credential pins by its SHA-256.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../lib/canonical-json.js';
import { signCompactJws } from '../../lib/jws.js';
import type { SigningKey } from '../dids/signing-keys.js';
import type { AuditChainState } from './checks/check.types.js';
import type { FrameworkEvaluation } from './evaluation.js';

export const COMPLIANCE_REPORT_TYPE = 'ComplianceReport';
const VCDM_1_1_CONTEXT = 'https://www.w3.org/2018/credentials/v1';

/** The evaluation as the API shows it (snake_case), which is also what a report stores. */
export function evaluationJson(evaluation: FrameworkEvaluation) {
  const { framework } = evaluation;
  return {
    framework: { id: framework.id, name: framework.name, version: framework.version },
    evaluated_at: evaluation.evaluatedAt.toISOString(),
    counts: evaluation.counts,
    controls: evaluation.controls.map((control) => ({
      id: control.id,
      reference: control.reference,
      requirement: control.requirement,
      evaluation: control.evaluation,
      state: control.state,
      figure: control.figure,
      summary: control.summary,
      evidence: control.evidence,
      remediation: control.remediation,
      enforceable: control.enforceable,
    })),
  };
}

export type EvaluationJson = ReturnType<typeof evaluationJson>;

export type ReportContent = EvaluationJson & {
  report_id: string;
  issuer_did: string;
  audit_chain_head: { seq: number; event_id: string; hash: string; created_at: string } | null;
};

export function reportContent(
  id: string,
  issuerDid: string,
  evaluation: FrameworkEvaluation,
  chain: AuditChainState,
): ReportContent {
  return {
    report_id: id,
    issuer_did: issuerDid,
    ...evaluationJson(evaluation),
    audit_chain_head: chain.head && {
      seq: chain.head.seq,
      event_id: chain.head.eventId,
      hash: chain.head.hash,
      created_at: chain.head.createdAt.toISOString(),
    },
  };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * SHA-256 (base64url) of the report's JCS text (RFC 8785): the report is stored as jsonb, which keeps its values
 * but not its members' order, so only a canonical form lets anyone recompute the digest from the report served.
 */
export const reportDigest = (content: ReportContent) =>
  createHash('sha256').update(canonicalJson(content), 'utf8').digest('base64url');

export function signReport(content: ReportContent, key: SigningKey, issuedAt: Date): string {
  const digest = reportDigest(content);
  const claims = {
    iss: key.did,
    sub: key.did,
    nbf: seconds(issuedAt),
    iat: seconds(issuedAt),
    jti: `urn:uuid:${content.report_id}`,
    vc: {
      '@context': [VCDM_1_1_CONTEXT],
      type: ['VerifiableCredential', COMPLIANCE_REPORT_TYPE],
      credentialSubject: {
        id: key.did,
        framework: content.framework,
        evaluatedAt: content.evaluated_at,
        counts: content.counts,
        controls: content.controls.map((control) => ({
          id: control.id,
          reference: control.reference,
          state: control.state,
          ...(control.figure !== null && { figure: control.figure }),
          summary: control.summary,
        })),
        auditChainHead: content.audit_chain_head,
        // base64url(SHA-256(JCS(report))) of the report as stored and served, evidence included (RFC 8785).
        reportDigest: digest,
      },
    },
  };
  return signCompactJws({ alg: key.alg, typ: 'JWT', kid: key.kid }, claims, key.sign);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (value: unknown) => String(value).replace(/[&<>"']/g, (char) => ESCAPES[char]!);

const STATE_LABEL = { met: 'Met', not_met: 'Not met', partial: 'Partial', attestation: 'Attested' } as const;

/** A self-contained page (no script, inline style only) an auditor can read or print. */
export function renderReportHtml(content: ReportContent, createdAt: Date): string {
  const rows = content.controls
    .map(
      (control) => `<tr class="${control.state}">
<td>${escape(control.reference)}</td>
<td>${escape(control.requirement)}</td>
<td><strong>${STATE_LABEL[control.state]}</strong>${control.figure !== null ? ` (${Math.round(control.figure * 100)}%)` : ''}</td>
<td>${escape(control.summary)}${control.remediation ? `<br><em>To do: ${escape(control.remediation)}</em>` : ''}
<details><summary>Evidence</summary><pre>${escape(JSON.stringify(control.evidence, null, 2))}</pre></details></td>
</tr>`,
    )
    .join('\n');
  const head = content.audit_chain_head;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escape(content.framework.name)} compliance report</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1b1b1b}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #bbb;padding:.4rem;vertical-align:top;text-align:left}
tr.met td:nth-child(3){color:#0a6b2d}tr.not_met td:nth-child(3){color:#a4131b}
tr.partial td:nth-child(3){color:#8a5a00}tr.attestation td:nth-child(3){color:#1d4f91}
pre{white-space:pre-wrap;font-size:12px}
</style>
</head>
<body>
<h1>${escape(content.framework.name)} compliance report</h1>
<p>${escape(content.framework.version)}. Report ${escape(content.report_id)}, evaluated ${escape(content.evaluated_at)},
issued ${escape(createdAt.toISOString())} and signed by ${escape(content.issuer_did)}.</p>
<p>Met ${content.counts.met} · not met ${content.counts.not_met} · partial ${content.counts.partial} · attested ${content.counts.attestation}.</p>
<p>Audit log chain head: ${head ? `event ${head.seq} (${escape(head.event_id)}), hash ${escape(head.hash)}` : 'no audit events'}.</p>
<table>
<thead><tr><th>Reference</th><th>Requirement</th><th>State</th><th>Finding</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}
