// Compliance (compliance:read to read, compliance:manage to adopt, attest, change settings and issue
// reports): every framework's controls evaluated from the tenant's live state, adoption (enforced at issue time
// through the principal, credentials.service.ts), tenant attestations, and signed reports.
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { actorOf } from '../../auth/principal.js';
import { afterCommit, type AccessEvents } from '../../auth/access-events.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { MESSAGES } from '../../lib/messages.js';
import { fetchPage, isUuid, type PageRequest } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import { didIsActive } from '../dids/dids.repository.js';
import type { IssuerKeys } from '../dids/issuer-keys.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import type { AuditChainState, ComplianceSnapshot } from './checks/check.types.js';
import { CHECKS } from './checks/check-library.js';
import * as snapshots from './compliance-snapshot.repository.js';
import * as repository from './compliance.repository.js';
import { attestationInput, reportInput, settingsInput } from './compliance.inputs.js';
import {
  evaluationJson,
  renderReportHtml,
  reportContent,
  signReport,
  type EvaluationJson,
  type ReportContent,
} from './compliance-report.js';
import { evaluateFramework, type StateCounts } from './evaluation.js';
import type { FrameworkDefinition } from './framework.types.js';
import { FRAMEWORKS, frameworkById } from './frameworks/index.js';

export type FrameworkSummaryView = {
  id: string;
  name: string;
  version: string;
  description: string;
  adopted: boolean;
  adoptedAt: Date | null;
  counts: StateCounts;
};

export type FrameworkView = FrameworkSummaryView & { evaluatedAt: Date; controls: EvaluationJson['controls'] };

export type SettingsView = { personalClaims: string[]; keyRotationDays: number };

export type ReportView = {
  id: string;
  framework: string;
  issuerDid: string;
  createdAt: Date;
  counts: StateCounts;
  auditChainHead: ReportContent['audit_chain_head'];
  /** The stored report: the evaluation with its evidence, as issued. */
  report: ReportContent;
  credential: string;
  html: string;
};

type Origin = { publicBaseUrl: string } | undefined;

export type ComplianceServiceDeps = {
  prisma: PrismaClient;
  issuerKeys: IssuerKeys;
  access: AccessEvents;
  /** Facts of the deployment: session lifetime, password hashing, the configured public base URL. */
  service: Omit<ComplianceSnapshot['service'], 'publicBaseUrl'> & { publicBaseUrl: () => string };
  /** Walks the tenant's audit hash chain (src/modules/audit). */
  auditChain: (tenantId: string) => Promise<AuditChainState>;
  /** Counts of data subject requests (src/modules/compliance/subjects). */
  subjectRequests: (tenantId: string) => Promise<ComplianceSnapshot['dataSubjectRequests']>;
};

export const frameworkNotFound = () => notFound(MESSAGES.frameworkNotFound);

export function createComplianceService(deps: ComplianceServiceDeps) {
  const { prisma, issuerKeys, access } = deps;

  function frameworkOf(id: string): FrameworkDefinition {
    const framework = frameworkById(id);
    if (!framework) throw frameworkNotFound();
    return framework;
  }

  async function snapshotOf(tenantId: string, origin: Origin): Promise<ComplianceSnapshot> {
    const now = new Date();
    const settings = await snapshots.tenantComplianceSettings(prisma, tenantId);
    const [
      dids,
      credentials,
      apiKeys,
      members,
      auditExtent,
      chain,
      webhooks,
      requests,
      idempotency,
      trustPolicy,
      attestations,
    ] = await Promise.all([
      snapshots.activeDids(prisma, tenantId),
      snapshots.credentialStats(prisma, tenantId, settings.personalClaims, now),
      snapshots.activeApiKeys(prisma, tenantId, now),
      snapshots.memberActivity(prisma, tenantId),
      snapshots.auditLogExtent(prisma, tenantId),
      deps.auditChain(tenantId),
      snapshots.webhookEndpoints(prisma, tenantId),
      deps.subjectRequests(tenantId),
      snapshots.idempotentIssues(prisma, tenantId, now),
      snapshots.trustPolicyOf(prisma, tenantId),
      snapshots.latestAttestations(prisma, tenantId),
    ]);
    return {
      now,
      settings,
      service: { ...deps.service, publicBaseUrl: origin?.publicBaseUrl ?? deps.service.publicBaseUrl() },
      dids,
      credentials,
      apiKeys,
      members,
      audit: { ...auditExtent, chain },
      webhooks,
      dataSubjectRequests: requests,
      idempotency,
      trustPolicy,
      attestations,
    };
  }

  async function adoptionsOf(tenantId: string) {
    const rows = await repository.listAdoptions(prisma, tenantId);
    return new Map(rows.map((row) => [row.frameworkId, row.adoptedAt]));
  }

  function frameworkView(
    framework: FrameworkDefinition,
    snapshot: ComplianceSnapshot,
    adoptions: Map<string, Date>,
  ): FrameworkView {
    const evaluation = evaluateFramework(framework, snapshot);
    return {
      id: framework.id,
      name: framework.name,
      version: framework.version,
      description: framework.description,
      adopted: adoptions.has(framework.id),
      adoptedAt: adoptions.get(framework.id) ?? null,
      counts: evaluation.counts,
      evaluatedAt: evaluation.evaluatedAt,
      controls: evaluationJson(evaluation).controls,
    };
  }

  async function listFrameworks(principal: Principal, origin?: Origin): Promise<FrameworkView[]> {
    const [snapshot, adoptions] = await Promise.all([
      snapshotOf(principal.tenantId, origin),
      adoptionsOf(principal.tenantId),
    ]);
    return FRAMEWORKS.map((framework) => frameworkView(framework, snapshot, adoptions));
  }

  async function getFramework(principal: Principal, id: string, origin?: Origin): Promise<FrameworkView> {
    const framework = frameworkOf(id);
    const [snapshot, adoptions] = await Promise.all([
      snapshotOf(principal.tenantId, origin),
      adoptionsOf(principal.tenantId),
    ]);
    return frameworkView(framework, snapshot, adoptions);
  }

  /** Adopting an adopted framework (or unadopting one that is not) changes nothing and records nothing. */
  async function setAdopted(
    principal: Principal,
    id: string,
    adopted: boolean,
    requestId: string | null,
    origin?: Origin,
  ): Promise<FrameworkView> {
    const framework = frameworkOf(id);
    const at = new Date();
    await afterCommit(
      access,
      principal.tenantId,
      prisma.$transaction(async (tx) => {
        const changed = adopted
          ? await repository.insertAdoption(tx, principal.tenantId, framework.id, actorOf(principal), at)
          : await repository.deleteAdoption(tx, principal.tenantId, framework.id);
        if (!changed) return;
        if (adopted) {
          await recordEvent(tx, principal.tenantId, 'compliance.framework.adopted', {
            framework: framework.id,
            adopted_at: at.toISOString(),
          });
        } else {
          await recordEvent(tx, principal.tenantId, 'compliance.framework.unadopted', {
            framework: framework.id,
            unadopted_at: at.toISOString(),
          });
        }
        await recordAudit(tx, actorFrom(principal, requestId), {
          action: adopted ? 'compliance.framework.adopted' : 'compliance.framework.unadopted',
          targetType: 'compliance_framework',
          targetId: framework.id,
        });
      }),
    );
    return getFramework(principal, framework.id, origin);
  }

  async function attest(
    principal: Principal,
    id: string,
    rawInput: unknown,
    requestId: string | null,
    origin?: Origin,
  ): Promise<FrameworkView> {
    const framework = frameworkOf(id);
    const input = parseInput(attestationInput, rawInput);
    const control = framework.controls.find((candidate) => candidate.id === input.controlId);
    if (!control) throw badRequest(MESSAGES.unknownControl(framework.id, input.controlId));
    if (control.check !== 'tenant-attestation') throw badRequest(MESSAGES.controlNotAttestable(control.id));
    await prisma.$transaction(async (tx) => {
      const row = await repository.insertAttestation(tx, principal.tenantId, {
        frameworkId: framework.id,
        controlId: control.id,
        statement: input.statement,
        createdAt: new Date(),
        ...actorOf(principal),
      });
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'compliance.attestation.recorded',
        targetType: 'compliance_attestation',
        targetId: row.id,
        details: { framework: framework.id, control_id: control.id, statement: input.statement },
      });
    });
    return getFramework(principal, framework.id, origin);
  }

  async function settings(principal: Principal): Promise<SettingsView> {
    return snapshots.tenantComplianceSettings(prisma, principal.tenantId);
  }

  async function updateSettings(principal: Principal, rawInput: unknown, requestId: string | null) {
    const input = parseInput(settingsInput, rawInput);
    const change = {
      ...(input.personalClaims != null && { personalClaims: [...new Set(input.personalClaims)] }),
      ...(input.keyRotationDays != null && { keyRotationDays: input.keyRotationDays }),
    };
    // The principal carries these for enforcement: drop the tenant's cached ones once the change is visible.
    return afterCommit(
      access,
      principal.tenantId,
      prisma.$transaction(async (tx) => {
        const row = await repository.updateSettings(tx, principal.tenantId, change);
        await recordAudit(tx, actorFrom(principal, requestId), {
          action: 'compliance.settings.updated',
          targetType: 'tenant',
          targetId: principal.tenantId,
          details: {
            ...(change.personalClaims && { personal_claims: change.personalClaims }),
            ...(change.keyRotationDays && { key_rotation_days: change.keyRotationDays }),
          },
        });
        return row;
      }),
    );
  }

  const toReportView = (row: repository.ReportRow): ReportView => {
    const report = row.evaluation as unknown as ReportContent;
    return {
      id: row.id,
      framework: row.frameworkId,
      issuerDid: row.issuerDid.did,
      createdAt: row.createdAt,
      counts: report.counts,
      auditChainHead: report.audit_chain_head,
      report,
      credential: row.credential,
      html: renderReportHtml(report, row.createdAt),
    };
  };

  /** Issues no quota-counted credential: reports are part of the compliance feature every plan has. */
  async function createReport(principal: Principal, rawInput: unknown, requestId: string | null, origin?: Origin) {
    const input = parseInput(reportInput, rawInput);
    const framework = frameworkOf(input.framework);
    const signer = await issuerKeys.statementSigner(principal.tenantId, input.issuerDid, MESSAGES.noReportSignerDid);
    const snapshot = await snapshotOf(principal.tenantId, origin);
    const id = randomUUID();
    const createdAt = new Date();
    const content = reportContent(id, signer.key.did, evaluateFramework(framework, snapshot), snapshot.audit.chain);
    const credential = signReport(content, signer.key, createdAt);
    const row = await prisma.$transaction(async (tx) => {
      if (!(await didIsActive(tx, principal.tenantId, signer.didId))) {
        throw badRequest(MESSAGES.issuerDidDeactivated);
      }
      const inserted = await repository.insertReport(tx, principal.tenantId, {
        id,
        frameworkId: framework.id,
        issuerDidId: signer.didId,
        evaluation: content as never,
        credential,
        createdAt,
        ...actorOf(principal),
      });
      const counts = content.counts;
      await recordEvent(tx, principal.tenantId, 'compliance.report.issued', {
        report_id: id,
        framework: framework.id,
        issuer_did: signer.key.did,
        ...counts,
      });
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'compliance.report.issued',
        targetType: 'compliance_report',
        targetId: id,
        details: { framework: framework.id, issuer_did: signer.key.did, ...counts },
      });
      return inserted;
    });
    return toReportView(row);
  }

  async function listReports(principal: Principal, filter: { framework?: string | null }, page: PageRequest) {
    if (filter.framework) frameworkOf(filter.framework);
    const result = await fetchPage(page, ({ before, take }) =>
      repository.listReports(prisma, principal.tenantId, { frameworkId: filter.framework }, { limit: take, before }),
    );
    return { reports: result.items.map(toReportView), nextCursor: result.nextCursor };
  }

  async function getReport(principal: Principal, id: string): Promise<ReportView> {
    const row = isUuid(id) ? await repository.findReport(prisma, principal.tenantId, id) : null;
    if (!row) throw notFound(MESSAGES.reportNotFound);
    return toReportView(row);
  }

  /** Every framework's controls with how each is evaluated, for the README and the API's descriptions. */
  const catalogue = () =>
    FRAMEWORKS.map((framework) => ({
      framework,
      controls: framework.controls.map((control) => ({ control, evaluates: CHECKS[control.check].evaluates })),
    }));

  return {
    listFrameworks,
    getFramework,
    adopt: (principal: Principal, id: string, requestId: string | null, origin?: Origin) =>
      setAdopted(principal, id, true, requestId, origin),
    unadopt: (principal: Principal, id: string, requestId: string | null, origin?: Origin) =>
      setAdopted(principal, id, false, requestId, origin),
    attest,
    settings,
    updateSettings,
    createReport,
    listReports,
    getReport,
    catalogue,
  };
}

export type ComplianceService = ReturnType<typeof createComplianceService>;
