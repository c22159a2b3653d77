// GraphQL surface of X.509 certificates: a DID's certification request and chain (dids:create to change, dids:list
// to read), and the tenant's trust anchors for x5c chains (trust:write, trust:read). Resolvers only adapt.
import { requires } from './access.js';
import { builder } from './builder.js';
import { inputFromZod } from './zod-types.js';
import type { CertificateView } from '../lib/x509/certificate-view.js';
import type { CertificateChainView } from '../modules/dids/certificates/did-certificates.service.js';
import { certificateChainInput, csrInput } from '../modules/dids/certificates/did-certificates.inputs.js';
import { trustAnchorInput, type TrustAnchorView } from '../modules/trust/trust-anchors.js';

export const CertificateRef = builder.objectRef<CertificateView>('Certificate').implement({
  description: 'An X.509 certificate (RFC 5280).',
  fields: (t) => ({
    subject: t.exposeString('subject', { description: 'Its subject, RFC 4514.' }),
    issuer: t.exposeString('issuer', { description: 'Who issued it, RFC 4514.' }),
    serialNumber: t.exposeString('serialNumber', { description: 'Hex.' }),
    notBefore: t.expose('notBefore', { type: 'DateTime' }),
    notAfter: t.expose('notAfter', { type: 'DateTime' }),
    fingerprintSha256: t.exposeString('fingerprintSha256', { description: 'SHA-256 of its DER, hex.' }),
    pem: t.exposeString('pem'),
  }),
});

const DidCertificateChain = builder.objectRef<CertificateChainView>('DidCertificateChain').implement({
  description: 'The certificate chain a CA issued for a DID’s key; its SD-JWT VCs carry it as x5c.',
  fields: (t) => ({
    did: t.exposeString('did'),
    x5c: t.exposeStringList('x5c', {
      description: 'The x5c header its SD-JWT VCs carry: leaf first, base64 DER, without the trust anchor (HAIP).',
    }),
    certificates: t.field({
      type: [CertificateRef],
      description: 'As uploaded, leaf first.',
      resolve: (chain) => chain.certificates,
    }),
    uploadedAt: t.expose('uploadedAt', { type: 'DateTime' }),
  }),
});

const CertificateSigningRequest = builder
  .objectRef<{ did: string; csr: string }>('CertificateSigningRequest')
  .implement({
    description: 'A PKCS#10 certification request (RFC 2986) for a DID’s key, signed by it.',
    fields: (t) => ({
      did: t.exposeString('did'),
      csr: t.exposeString('csr', { description: 'PEM (-----BEGIN CERTIFICATE REQUEST-----).' }),
    }),
  });

const TrustAnchor = builder.objectRef<TrustAnchorView>('TrustAnchor').implement({
  description:
    'A CA certificate the tenant trusts when it verifies an SD-JWT VC by its x5c header: the chain must end in it ' +
    'or in a certificate it issued.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    subject: t.exposeString('subject'),
    issuer: t.exposeString('issuer'),
    serialNumber: t.exposeString('serialNumber'),
    notBefore: t.expose('notBefore', { type: 'DateTime' }),
    notAfter: t.expose('notAfter', { type: 'DateTime' }),
    fingerprintSha256: t.exposeString('fingerprintSha256'),
    pem: t.exposeString('pem'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const AddTrustAnchorInput = inputFromZod('AddTrustAnchorInput', trustAnchorInput);
const CertificateSigningRequestInput = inputFromZod('CertificateSigningRequestInput', csrInput);
const SetDidCertificateChainInput = inputFromZod('SetDidCertificateChainInput', certificateChainInput);

builder.queryFields((t) => ({
  didCertificateChain: t.field({
    type: DidCertificateChain,
    ...requires('dids:list'),
    args: { did: t.arg.string({ required: true }) },
    resolve: (_root, { did }, { services, principal }) => services.didCertificates.getChain(principal!, did),
  }),
  trustAnchors: t.field({
    type: [TrustAnchor],
    description: 'Newest first.',
    ...requires('trust:read'),
    resolve: (_root, _args, { services, principal }) => services.trustAnchors.list(principal!),
  }),
}));

builder.mutationFields((t) => ({
  requestDidCertificate: t.field({
    type: CertificateSigningRequest,
    description: 'A certification request for the DID’s key, to send to a CA; the key never leaves the service.',
    ...requires('dids:create'),
    args: {
      did: t.arg.string({ required: true }),
      input: t.arg({ type: CertificateSigningRequestInput, required: true }),
    },
    resolve: (_root, { did, input }, { services, principal, requestId }) =>
      services.didCertificates.signingRequest(principal!, did, input, requestId),
  }),
  setDidCertificateChain: t.field({
    type: DidCertificateChain,
    description:
      'Checks the chain (it certifies the DID’s key, valid now, signed link by link, CAs above the leaf) and keeps it.',
    ...requires('dids:create'),
    args: {
      did: t.arg.string({ required: true }),
      input: t.arg({ type: SetDidCertificateChainInput, required: true }),
    },
    resolve: (_root, { did, input }, { services, principal, requestId }) =>
      services.didCertificates.setChain(principal!, did, input, requestId),
  }),
  removeDidCertificateChain: t.field({
    type: DidCertificateChain,
    description: 'Its SD-JWT VCs no longer carry x5c.',
    ...requires('dids:create'),
    args: { did: t.arg.string({ required: true }) },
    resolve: (_root, { did }, { services, principal, requestId }) =>
      services.didCertificates.removeChain(principal!, did, requestId),
  }),
  addTrustAnchor: t.field({
    type: TrustAnchor,
    ...requires('trust:write'),
    args: { input: t.arg({ type: AddTrustAnchorInput, required: true }) },
    resolve: (_root, { input }, { services, principal, requestId }) =>
      services.trustAnchors.add(principal!, input, requestId),
  }),
  removeTrustAnchor: t.field({
    type: TrustAnchor,
    ...requires('trust:write'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, requestId }) =>
      services.trustAnchors.remove(principal!, id, requestId),
  }),
}));
