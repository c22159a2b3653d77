// GraphQL surface of compliance: compliance:read to read frameworks, settings and reports;
// compliance:manage to adopt, attest, change settings and issue reports. Resolvers only adapt.
import { requires } from './access.js';
import { builder } from './builder.js';
import { NEXT_CURSOR, pageArgs } from './pages.js';
import { enumFromZod, inputFromZod } from './zod-types.js';
import { attestationInput, controlState, reportInput, settingsInput } from '../modules/compliance/compliance.inputs.js';
import type { FrameworkView, ReportView, SettingsView } from '../modules/compliance/compliance.service.js';
import type { StateCounts } from '../modules/compliance/evaluation.js';

const ControlState = enumFromZod(controlState);

type ControlView = FrameworkView['controls'][number];

const ControlCounts = builder.objectRef<StateCounts>('ComplianceControlCounts').implement({
  description: 'How many controls are in each state.',
  fields: (t) => ({
    met: t.exposeInt('met'),
    notMet: t.exposeInt('not_met'),
    partial: t.exposeInt('partial'),
    attestation: t.exposeInt('attestation'),
  }),
});

const ComplianceControl = builder.objectRef<ControlView>('ComplianceControl').implement({
  description: 'One control of a framework, evaluated from the tenant’s live state.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Stable within the framework; attestations name it.' }),
    reference: t.exposeString('reference', { description: 'The framework’s citation, e.g. GDPR Art. 5(1)(c).' }),
    requirement: t.exposeString('requirement'),
    evaluation: t.exposeString('evaluation', { description: 'How the service evaluates it.' }),
    state: t.expose('state', { type: ControlState }),
    figure: t.exposeFloat('figure', { nullable: true, description: 'For partial: the compliant share, 0–1.' }),
    summary: t.exposeString('summary'),
    evidence: t.expose('evidence', { type: 'JSON', description: 'Counts, ids and timestamps the state rests on.' }),
    remediation: t.exposeString('remediation', { nullable: true, description: 'What to do; null when met.' }),
    enforceable: t.exposeBoolean('enforceable', {
      description: 'Whether issuing refuses what breaks it while the framework is adopted.',
    }),
  }),
});

const ComplianceFramework = builder.objectRef<FrameworkView>('ComplianceFramework').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    version: t.exposeString('version'),
    description: t.exposeString('description'),
    adopted: t.exposeBoolean('adopted', { description: 'Adopted frameworks are enforced at issue time.' }),
    adoptedAt: t.expose('adoptedAt', { type: 'DateTime', nullable: true }),
    counts: t.field({ type: ControlCounts, resolve: (framework) => framework.counts }),
    evaluatedAt: t.expose('evaluatedAt', { type: 'DateTime' }),
    controls: t.field({ type: [ComplianceControl], resolve: (framework) => framework.controls }),
  }),
});

const ComplianceSettings = builder.objectRef<SettingsView>('ComplianceSettings').implement({
  fields: (t) => ({
    personalClaims: t.exposeStringList('personalClaims', { description: 'Claim names declared personal data.' }),
    keyRotationDays: t.exposeInt('keyRotationDays', { description: 'Signing keys older than this are due.' }),
  }),
});

const ComplianceReport = builder.objectRef<ReportView>('ComplianceReport').implement({
  description: 'A framework’s evaluation at one moment, signed as a jwt_vc_json ComplianceReport credential.',
  fields: (t) => ({
    id: t.exposeID('id'),
    framework: t.exposeString('framework'),
    issuerDid: t.exposeString('issuerDid', { description: 'The tenant’s DID that signed it.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    counts: t.field({ type: ControlCounts, resolve: (report) => report.counts }),
    auditChainHead: t.expose('auditChainHead', {
      type: 'JSON',
      nullable: true,
      description: 'The audit log’s chain head (seq, event_id, hash) when it was computed.',
    }),
    report: t.expose('report', { type: 'JSON', description: 'The evaluation as issued, evidence included.' }),
    credential: t.exposeString('credential', { description: 'The signed ComplianceReport credential (a JWT).' }),
    html: t.exposeString('html', { description: 'A self-contained HTML rendering for people.' }),
  }),
});

const ComplianceReportPage = builder
  .objectRef<{ reports: ReportView[]; nextCursor: string | null }>('ComplianceReportPage')
  .implement({
    fields: (t) => ({
      reports: t.field({ type: [ComplianceReport], resolve: (page) => page.reports }),
      nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
    }),
  });

const ComplianceAttestationInput = inputFromZod('ComplianceAttestationInput', attestationInput);
const ComplianceSettingsInput = inputFromZod('ComplianceSettingsInput', settingsInput);
const ComplianceReportInput = inputFromZod('ComplianceReportInput', reportInput);

builder.queryFields((t) => ({
  complianceFrameworks: t.field({
    type: [ComplianceFramework],
    description: 'The seven frameworks, each evaluated now.',
    ...requires('compliance:read'),
    resolve: (_root, _args, { services, principal, origin }) => services.compliance.listFrameworks(principal!, origin),
  }),
  complianceFramework: t.field({
    type: ComplianceFramework,
    ...requires('compliance:read'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, origin }) =>
      services.compliance.getFramework(principal!, id, origin),
  }),
  complianceSettings: t.field({
    type: ComplianceSettings,
    ...requires('compliance:read'),
    resolve: (_root, _args, { services, principal }) => services.compliance.settings(principal!),
  }),
  complianceReports: t.field({
    type: ComplianceReportPage,
    description: 'Newest first.',
    ...requires('compliance:read'),
    args: { framework: t.arg.string({ required: false }), ...pageArgs(t.arg) },
    resolve: (_root, { framework, ...page }, { services, principal }) =>
      services.compliance.listReports(principal!, { framework }, page),
  }),
  complianceReport: t.field({
    type: ComplianceReport,
    ...requires('compliance:read'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal }) => services.compliance.getReport(principal!, id),
  }),
}));

builder.mutationFields((t) => ({
  adoptComplianceFramework: t.field({
    nullable: true,
    type: ComplianceFramework,
    description: 'From now on issuing refuses what breaks its enforceable controls.',
    ...requires('compliance:manage'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, requestId, origin }) =>
      services.compliance.adopt(principal!, id, requestId, origin),
  }),
  unadoptComplianceFramework: t.field({
    nullable: true,
    type: ComplianceFramework,
    ...requires('compliance:manage'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, requestId, origin }) =>
      services.compliance.unadopt(principal!, id, requestId, origin),
  }),
  attestComplianceControl: t.field({
    nullable: true,
    type: ComplianceFramework,
    description: 'Records the tenant’s statement for a control only it can assert; who and when are kept.',
    ...requires('compliance:manage'),
    args: {
      framework: t.arg.string({ required: true }),
      input: t.arg({ type: ComplianceAttestationInput, required: true }),
    },
    resolve: (_root, { framework, input }, { services, principal, requestId, origin }) =>
      services.compliance.attest(principal!, framework, input, requestId, origin),
  }),
  setComplianceSettings: t.field({
    nullable: true,
    type: ComplianceSettings,
    ...requires('compliance:manage'),
    args: { input: t.arg({ type: ComplianceSettingsInput, required: true }) },
    resolve: (_root, { input }, { services, principal, requestId }) =>
      services.compliance.updateSettings(principal!, input, requestId),
  }),
  createComplianceReport: t.field({
    nullable: true,
    type: ComplianceReport,
    description: 'Evaluates the framework now and signs the result; consumes no credential quota.',
    ...requires('compliance:manage'),
    args: { input: t.arg({ type: ComplianceReportInput, required: true }) },
    resolve: (_root, { input }, { services, principal, requestId, origin }) =>
      services.compliance.createReport(principal!, input, requestId, origin),
  }),
}));
