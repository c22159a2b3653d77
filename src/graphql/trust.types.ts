// GraphQL surface of trust attestations: trust:write to attest, revoke and set the policy,
// trust:read for the rest. Resolvers only adapt. The public signed trust list is an HTTP route
// (src/http/public-routes.ts), not a field.
import { requires } from './access.js';
import { builder } from './builder.js';
import { StatusReference } from './credentials.types.js';
import { idempotent } from './idempotency.js';
import { NEXT_CURSOR, pageArgs } from './pages.js';
import { argsFromZod, enumFromZod, inputFromZod } from './zod-types.js';
import {
  assuranceLevel,
  attestationStatus,
  createAttestationInput,
  listAttestationsInput,
  trustPolicyInput,
} from '../modules/trust/trust.inputs.js';
import type { AttestationView, ScoreView } from '../modules/trust/trust.service.js';
import type { PolicyRow } from '../modules/trust/trust.repository.js';

const AssuranceLevel = enumFromZod(assuranceLevel);
const AttestationStatus = enumFromZod(attestationStatus);

export const TrustAttestation = builder.objectRef<AttestationView>('TrustAttestation').implement({
  description: 'A tenant’s graded, signed statement about a subject DID.',
  fields: (t) => ({
    id: t.exposeID('id'),
    subjectDid: t.exposeString('subjectDid'),
    attesterDid: t.exposeString('attesterDid', { description: 'The tenant’s DID that signed it.' }),
    score: t.exposeInt('score', { description: '0–100.' }),
    weight: t.exposeFloat('weight', { description: '0.0–1.0: how much it counts in the aggregate score.' }),
    assuranceLevel: t.expose('assuranceLevel', { type: AssuranceLevel }),
    credentialTypes: t.exposeStringList('credentialTypes', { description: 'The types it applies to; empty: all.' }),
    evidence: t.exposeString('evidence', { nullable: true }),
    validFrom: t.expose('validFrom', { type: 'DateTime' }),
    validUntil: t.expose('validUntil', { type: 'DateTime', nullable: true }),
    status: t.expose('status', { type: AttestationStatus }),
    credential: t.exposeString('credential', {
      description: 'The attestation as a jwt_vc_json TrustAttestation credential signed by the attester DID.',
    }),
    credentialStatus: t.field({ type: StatusReference, resolve: (attestation) => attestation.credentialStatus }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
  }),
});

const TrustAttestationPage = builder
  .objectRef<{ attestations: AttestationView[]; nextCursor: string | null }>('TrustAttestationPage')
  .implement({
    fields: (t) => ({
      attestations: t.field({ type: [TrustAttestation], resolve: (page) => page.attestations }),
      nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
    }),
  });

const TrustScore = builder.objectRef<ScoreView>('TrustScore').implement({
  description: 'The tenant’s aggregate view of a subject: Σ(score·weight)/Σweight over attestations in force.',
  fields: (t) => ({
    subjectDid: t.exposeString('subjectDid'),
    credentialType: t.exposeString('credentialType', { nullable: true }),
    score: t.exposeFloat('score', {
      nullable: true,
      description: 'The weighted mean (2 decimals); null with no attestation in force or Σweight = 0.',
    }),
    count: t.exposeInt('count'),
    lowestAssuranceLevel: t.expose('lowestAssuranceLevel', { type: AssuranceLevel, nullable: true }),
    highestAssuranceLevel: t.expose('highestAssuranceLevel', { type: AssuranceLevel, nullable: true }),
    attestations: t.field({ type: [TrustAttestation], resolve: (view) => view.attestations }),
  }),
});

const TrustPolicy = builder.objectRef<PolicyRow>('TrustPolicy').implement({
  description: 'What POST /v1/credentials/verify’s trust check requires of a credential’s issuer.',
  fields: (t) => ({
    minScore: t.exposeInt('minScore'),
    minAssuranceLevel: t.expose('minAssuranceLevel', { type: AssuranceLevel }),
    requireAttestedIssuer: t.exposeBoolean('requireAttestedIssuer'),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const CreateTrustAttestationInput = inputFromZod('CreateTrustAttestationInput', createAttestationInput);
const TrustPolicyInput = inputFromZod('TrustPolicyInput', trustPolicyInput);

builder.queryFields((t) => ({
  trustAttestations: t.field({
    type: TrustAttestationPage,
    description: 'Newest first; filters by subject, attester, level and status.',
    ...requires('trust:read'),
    args: { ...argsFromZod(t, listAttestationsInput, 'TrustAttestations'), ...pageArgs(t.arg) },
    resolve: (_root, { subjectDid, attesterDid, assuranceLevel, status, ...page }, { services, principal, origin }) =>
      services.trust.list(principal!, { subjectDid, attesterDid, assuranceLevel, status }, page, origin),
  }),
  trustAttestation: t.field({
    type: TrustAttestation,
    ...requires('trust:read'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, origin }) => services.trust.get(principal!, id, origin),
  }),
  trustScore: t.field({
    type: TrustScore,
    ...requires('trust:read'),
    args: {
      subjectDid: t.arg.string({ required: true }),
      credentialType: t.arg.string({ required: false, description: 'Only attestations applying to this type.' }),
    },
    resolve: (_root, args, { services, principal, origin }) => services.trust.score(principal!, args, origin),
  }),
  trustPolicy: t.field({
    type: TrustPolicy,
    nullable: true,
    description: 'Null until one is set.',
    ...requires('trust:read'),
    resolve: (_root, _args, { services, principal }) => services.trust.policy(principal!),
  }),
}));

builder.mutationFields((t) => ({
  createTrustAttestation: t.field({
    nullable: true,
    type: TrustAttestation,
    description: 'Attests a subject DID; issues no quota-counted credential (the Trust API is unlimited).',
    ...requires('trust:write'),
    args: { input: t.arg({ type: CreateTrustAttestationInput, required: true }) },
    resolve: idempotent((_root, { input }, { services, principal, requestId, origin }, slot) =>
      services.trust.create(principal!, input, requestId, origin, slot),
    ),
  }),
  revokeTrustAttestation: t.field({
    nullable: true,
    type: TrustAttestation,
    description: 'Revokes it (its status bit is set); a second revoke is not found.',
    ...requires('trust:write'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, requestId, origin }) =>
      services.trust.revoke(principal!, id, requestId, origin),
  }),
  setTrustPolicy: t.field({
    nullable: true,
    type: TrustPolicy,
    ...requires('trust:write'),
    args: { input: t.arg({ type: TrustPolicyInput, required: true }) },
    resolve: (_root, { input }, { services, principal, requestId }) =>
      services.trust.setPolicy(principal!, input, requestId),
  }),
}));
