// GraphQL surface of OpenID4VCI's tenant door: credential configurations (oid4vci:manage) and offers
// (credentials:issue). The wallet's door is public HTTP (src/modules/oid4vci/oid4vci.routes.ts). Resolvers only adapt.
import { requires } from './access.js';
import { builder } from './builder.js';
import { NEXT_CURSOR, pageArgs } from './pages.js';
import { argsFromZod, enumFromZod, inputFromZod } from './zod-types.js';
import {
  createConfigurationInput,
  createOfferInput,
  offerClaimsInput,
  offerListInput,
  offerState,
  oid4vciFormat,
  updateConfigurationInput,
} from '../modules/oid4vci/oid4vci.inputs.js';
import type { ConfigurationView } from '../modules/oid4vci/configurations.service.js';
import type { CreatedOffer, OfferView } from '../modules/oid4vci/oid4vci.service.js';

const Oid4vciFormat = enumFromZod(oid4vciFormat);
const Oid4vciOfferState = enumFromZod(offerState);

const Configuration = builder.objectRef<ConfigurationView>('Oid4vciCredentialConfiguration').implement({
  description:
    'A credential the tenant’s OpenID4VCI Credential Issuer offers: one entry of its metadata’s ' +
    'credential_configurations_supported.',
  fields: (t) => ({
    id: t.exposeID('id'),
    configurationId: t.exposeString('configurationId', { description: 'The credential_configuration_id.' }),
    format: t.expose('format', { type: Oid4vciFormat }),
    issuer: t.string({ description: 'The tenant’s DID that signs its credentials.', resolve: (c) => c.issuer.did }),
    vct: t.exposeString('vct', { nullable: true }),
    types: t.exposeStringList('types', { description: 'jwt_vc_json: the VC types besides VerifiableCredential.' }),
    claims: t.field({
      type: 'JSON',
      description: 'The claims it carries and how they show.',
      resolve: (c) => c.claims,
    }),
    display: t.field({ type: 'JSON', description: 'How a wallet shows it, per locale.', resolve: (c) => c.display }),
    validitySeconds: t.exposeInt('validitySeconds', { nullable: true }),
    bindingMethods: t.exposeStringList('bindingMethods'),
    proofAlgs: t.exposeStringList('proofAlgs'),
    metadata: t.field({
      type: 'JSON',
      description: 'Its entry in the issuer metadata, as wallets read it.',
      resolve: (c) => c.metadata,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const ConfigurationPage = builder
  .objectRef<{ configurations: ConfigurationView[]; nextCursor: string | null }>('Oid4vciCredentialConfigurationPage')
  .implement({
    fields: (t) => ({
      configurations: t.field({ type: [Configuration], resolve: (page) => page.configurations }),
      nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
    }),
  });

const TxCode = builder.objectRef<NonNullable<OfferView['txCode']>>('Oid4vciTxCode').implement({
  description: 'The transaction code the offer asks for (never the code itself).',
  fields: (t) => ({
    length: t.exposeInt('length'),
    inputMode: t.exposeString('inputMode', { description: 'numeric or text.' }),
    description: t.exposeString('description', { nullable: true }),
  }),
});

export const Offer = builder.objectRef<OfferView>('Oid4vciOffer').implement({
  description: 'An OpenID4VCI credential offer and its issuance session (pre-authorized code flow).',
  fields: (t) => ({
    id: t.exposeID('id'),
    state: t.expose('state', { type: Oid4vciOfferState }),
    grantType: t.exposeString('grantType', { description: 'pre_authorized_code.' }),
    subjectId: t.exposeString('subjectId'),
    configurationIds: t.exposeStringList('configurationIds'),
    claims: t.field({
      type: 'JSON',
      description: 'The subject’s claims per configuration; {} once erased.',
      resolve: (offer) => offer.claims,
    }),
    txCode: t.field({ type: TxCode, nullable: true, resolve: (offer) => offer.txCode }),
    txCodeFailures: t.exposeInt('txCodeFailures', { description: 'Wrong transaction codes presented so far.' }),
    deferred: t.exposeBoolean('deferred', {
      description: 'Whether its claims come later (deferred issuance: POST /v1/oid4vci/offers/{id}/claims).',
    }),
    claimsSuppliedAt: t.expose('claimsSuppliedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When a deferred offer’s claims were given; null until then (and for an offer with its claims).',
    }),
    dpopBound: t.boolean({
      description: 'Whether its access token is bound to the wallet’s DPoP key.',
      resolve: (offer) => offer.dpopJkt !== null,
    }),
    issuedConfigurationIds: t.exposeStringList('issuedConfigurationIds'),
    credentialIds: t.exposeStringList('credentialIds', {
      description: 'The credentials issued (GET /v1/credentials/{id}).',
    }),
    notifications: t.field({
      type: 'JSON',
      description: 'Per credential response: its notification_id and what the wallet said of it (OpenID4VCI §11).',
      resolve: (offer) => offer.notifications,
    }),
    failureReason: t.exposeString('failureReason', { nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    createdByUserId: t.exposeString('createdByUserId'),
    createdByApiKeyId: t.exposeString('createdByApiKeyId', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    tokenIssuedAt: t.expose('tokenIssuedAt', { type: 'DateTime', nullable: true }),
    credentialIssuedAt: t.expose('credentialIssuedAt', { type: 'DateTime', nullable: true }),
    endedAt: t.expose('endedAt', { type: 'DateTime', nullable: true }),
    erasedAt: t.expose('erasedAt', { type: 'DateTime', nullable: true }),
  }),
});

const OfferPage = builder.objectRef<{ offers: OfferView[]; nextCursor: string | null }>('Oid4vciOfferPage').implement({
  fields: (t) => ({
    offers: t.field({ type: [Offer], resolve: (page) => page.offers }),
    nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
  }),
});

const QrCode = builder.objectRef<CreatedOffer['qrCode']>('Oid4vciQrCode').implement({
  description: 'The offer URI (by reference) as a QR code.',
  fields: (t) => ({
    svg: t.exposeString('svg', { description: 'SVG markup.' }),
    pngDataUri: t.exposeString('pngDataUri', { description: 'A data:image/png;base64 URI.' }),
  }),
});

const CreatedOfferRef = builder.objectRef<CreatedOffer>('Oid4vciOfferCreated').implement({
  description: 'A new offer and what carries it to a wallet: shown this once (only hashes are kept).',
  fields: (t) => ({
    offer: t.field({ type: Offer, resolve: (created) => created }),
    credentialIssuer: t.exposeString('credentialIssuer', { description: 'The issuer identifier it names.' }),
    credentialOffer: t.field({
      type: 'JSON',
      description: 'The Credential Offer object (OpenID4VCI §4.1.1), with the pre-authorized code.',
      resolve: (created) => created.credentialOffer,
    }),
    credentialOfferUri: t.exposeString('credentialOfferUri', { description: 'Where the offer object is served.' }),
    offerUri: t.exposeString('offerUri', { description: 'openid-credential-offer://?credential_offer_uri=…' }),
    offerByValueUri: t.exposeString('offerByValueUri', {
      description: 'openid-credential-offer://?credential_offer=…',
    }),
    qrCode: t.field({ type: QrCode, resolve: (created) => created.qrCode }),
    txCodeValue: t.exposeString('txCodeValue', {
      nullable: true,
      description: 'The transaction code, to send the holder another way; null when none is asked for.',
    }),
  }),
});

const CreateConfigurationInput = inputFromZod('CreateOid4vciCredentialConfigurationInput', createConfigurationInput);
const UpdateConfigurationInput = inputFromZod('UpdateOid4vciCredentialConfigurationInput', updateConfigurationInput);
const CreateOfferInput = inputFromZod('CreateOid4vciOfferInput', createOfferInput);
const OfferClaimsInput = inputFromZod('Oid4vciOfferClaimsInput', offerClaimsInput);

builder.queryFields((t) => ({
  oid4vciCredentialConfigurations: t.field({
    type: ConfigurationPage,
    description: 'Newest first.',
    ...requires('oid4vci:manage'),
    args: pageArgs(t.arg),
    resolve: (_root, args, { services, principal }) => services.oid4vci.listConfigurations(principal!, args),
  }),
  oid4vciCredentialConfiguration: t.field({
    type: Configuration,
    ...requires('oid4vci:manage'),
    args: { configurationId: t.arg.string({ required: true }) },
    resolve: (_root, { configurationId }, { services, principal }) =>
      services.oid4vci.getConfiguration(principal!, configurationId),
  }),
  oid4vciOffers: t.field({
    type: OfferPage,
    description: 'Newest first; filters by state.',
    ...requires('credentials:issue'),
    args: { ...argsFromZod(t, offerListInput, 'Oid4vciOffers'), ...pageArgs(t.arg) },
    resolve: (_root, { state, ...page }, { services, principal }) =>
      services.oid4vci.listOffers(principal!, { state }, page),
  }),
  oid4vciOffer: t.field({
    type: Offer,
    ...requires('credentials:issue'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal }) => services.oid4vci.getOffer(principal!, id),
  }),
}));

builder.mutationFields((t) => ({
  createOid4vciCredentialConfiguration: t.field({
    nullable: true,
    type: Configuration,
    ...requires('oid4vci:manage'),
    args: { input: t.arg({ type: CreateConfigurationInput, required: true }) },
    resolve: (_root, { input }, { services, principal, requestId }) =>
      services.oid4vci.createConfiguration(principal!, input, requestId),
  }),
  updateOid4vciCredentialConfiguration: t.field({
    nullable: true,
    type: Configuration,
    ...requires('oid4vci:manage'),
    args: {
      configurationId: t.arg.string({ required: true }),
      input: t.arg({ type: UpdateConfigurationInput, required: true }),
    },
    resolve: (_root, { configurationId, input }, { services, principal, requestId }) =>
      services.oid4vci.updateConfiguration(principal!, configurationId, input, requestId),
  }),
  deleteOid4vciCredentialConfiguration: t.field({
    nullable: true,
    type: Configuration,
    description: 'Refused while an open offer names it.',
    ...requires('oid4vci:manage'),
    args: { configurationId: t.arg.string({ required: true }) },
    resolve: (_root, { configurationId }, { services, principal, requestId }) =>
      services.oid4vci.deleteConfiguration(principal!, configurationId, requestId),
  }),
  createOid4vciOffer: t.field({
    nullable: true,
    type: CreatedOfferRef,
    description: 'Offers credentials to a wallet (pre-authorized code flow); issuing spends quota when it redeems.',
    ...requires('credentials:issue'),
    args: { input: t.arg({ type: CreateOfferInput, required: true }) },
    resolve: (_root, { input }, { services, principal, origin, requestId }) =>
      services.oid4vci.createOffer(principal!, input, origin, requestId),
  }),
  supplyOid4vciOfferClaims: t.field({
    nullable: true,
    type: Offer,
    description:
      'Gives a deferred offer its claims and issues the credentials its wallet waits for (spending quota now): ' +
      'the wallet’s next poll of the Deferred Credential Endpoint collects them.',
    ...requires('credentials:issue'),
    args: { id: t.arg.string({ required: true }), input: t.arg({ type: OfferClaimsInput, required: true }) },
    resolve: (_root, { id, input }, { services, principal, requestId }) =>
      services.oid4vci.supplyOfferClaims(principal!, id, input, requestId),
  }),
  cancelOid4vciOffer: t.field({
    nullable: true,
    type: Offer,
    description: 'Withdraws an open offer: its code and access token stop working at once.',
    ...requires('credentials:issue'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, requestId }) =>
      services.oid4vci.cancelOffer(principal!, id, requestId),
  }),
}));
