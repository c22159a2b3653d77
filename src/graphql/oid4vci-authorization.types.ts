// GraphQL surface of OpenID4VCI's authorization code flow, the tenant's door: its login page setting
// (oid4vci:manage) and its backend's decisions on authorizations (credentials:issue). Resolvers only adapt.
import { requires } from './access.js';
import { builder } from './builder.js';
import { inputFromZod } from './zod-types.js';
import {
  approveAuthorizationInput,
  authorizationSettingsInput,
  denyAuthorizationInput,
} from '../modules/oid4vci/authorization.inputs.js';
import type { AuthorizationSettingsView } from '../modules/oid4vci/authorization-settings.service.js';
import type { AuthorizationView, DecidedAuthorization } from '../modules/oid4vci/authorization.service.js';

const Settings = builder.objectRef<AuthorizationSettingsView>('Oid4vciAuthorizationSettings').implement({
  description: 'The tenant’s authorization code flow: where the holder’s browser is sent to sign in.',
  fields: (t) => ({
    loginUrl: t.exposeString('loginUrl', {
      nullable: true,
      description: 'The tenant’s login page; null: the authorization code flow is off.',
    }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', nullable: true }),
  }),
});

const authorizationFields = builder.objectRef<AuthorizationView>('Oid4vciAuthorization').implement({
  description:
    'An authorization of the OpenID4VCI authorization code flow: pushed → pending (the browser is at the login ' +
    'page) → approved | denied → code_issued → redeemed, or expired.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The authorization_id the login page was given.' }),
    state: t.exposeString('state'),
    offerId: t.exposeString('offerId', {
      nullable: true,
      description: 'The offer whose issuer_state it carried, or the one its approval made.',
    }),
    clientId: t.exposeString('clientId', { description: 'The wallet’s client_id.' }),
    configurationIds: t.exposeStringList('configurationIds', { description: 'The configurations asked for.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When its current step lapses.' }),
    decidedByUserId: t.exposeString('decidedByUserId', { nullable: true }),
    decidedByApiKeyId: t.exposeString('decidedByApiKeyId', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    decidedAt: t.expose('decidedAt', { type: 'DateTime', nullable: true }),
    redeemedAt: t.expose('redeemedAt', { type: 'DateTime', nullable: true }),
  }),
});

const Decided = builder.objectRef<DecidedAuthorization>('Oid4vciAuthorizationDecision').implement({
  description: 'A decision, and where to send the holder’s browser now (shown this once).',
  fields: (t) => ({
    authorization: t.field({ type: authorizationFields, resolve: (decided) => decided }),
    redirectTo: t.exposeString('redirectTo', {
      description:
        'Redirect the browser here (302 or 303): the service then sends it to the wallet with the code, or ' +
        'access_denied. Valid once, for 5 minutes.',
    }),
  }),
});

const SettingsInput = inputFromZod('Oid4vciAuthorizationSettingsInput', authorizationSettingsInput);
const ApproveInput = inputFromZod('ApproveOid4vciAuthorizationInput', approveAuthorizationInput);
const DenyInput = inputFromZod('DenyOid4vciAuthorizationInput', denyAuthorizationInput);

builder.queryFields((t) => ({
  oid4vciAuthorizationSettings: t.field({
    type: Settings,
    ...requires('oid4vci:manage'),
    resolve: (_root, _args, { services, principal }) => services.oid4vci.getAuthorizationSettings(principal!),
  }),
  oid4vciAuthorization: t.field({
    type: authorizationFields,
    ...requires('credentials:issue'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal }) => services.oid4vci.getAuthorization(principal!, id),
  }),
}));

builder.mutationFields((t) => ({
  updateOid4vciAuthorizationSettings: t.field({
    nullable: true,
    type: Settings,
    ...requires('oid4vci:manage'),
    args: { input: t.arg({ type: SettingsInput, required: true }) },
    resolve: (_root, { input }, { services, principal, requestId }) =>
      services.oid4vci.updateAuthorizationSettings(principal!, input, requestId),
  }),
  approveOid4vciAuthorization: t.field({
    nullable: true,
    type: Decided,
    description: 'Approves a pending authorization with the claims to issue; send the browser to redirectTo.',
    ...requires('credentials:issue'),
    args: { id: t.arg.string({ required: true }), input: t.arg({ type: ApproveInput, required: false }) },
    resolve: (_root, { id, input }, { services, principal, requestId }) =>
      services.oid4vci.approveAuthorization(principal!, id, input ?? {}, requestId),
  }),
  denyOid4vciAuthorization: t.field({
    nullable: true,
    type: Decided,
    description: 'Denies a pending authorization: the wallet is told access_denied when the browser returns.',
    ...requires('credentials:issue'),
    args: { id: t.arg.string({ required: true }), input: t.arg({ type: DenyInput, required: false }) },
    resolve: (_root, { id, input }, { services, principal, requestId }) =>
      services.oid4vci.denyAuthorization(principal!, id, input ?? {}, requestId),
  }),
}));
