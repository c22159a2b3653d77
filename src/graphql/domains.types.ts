// GraphQL surface of custom domains: domains:manage for all of it. Resolvers only adapt.
import { requires } from './access.js';
import { builder } from './builder.js';
import { enumFromZod, inputFromZod } from './zod-types.js';
import { createDomainInput, domainStatus } from '../modules/domains/domains.inputs.js';
import type { DomainCheck, DomainView } from '../modules/domains/domains.service.js';

const DomainStatus = enumFromZod(domainStatus);

const DomainVerification = builder.objectRef<DomainView['verification']>('DomainVerification').implement({
  description: 'The DNS record that proves the tenant holds the domain.',
  fields: (t) => ({
    type: t.exposeString('type', { description: 'Always TXT.' }),
    name: t.exposeString('name', { description: '_credential-service.<domain>' }),
    value: t.exposeString('value', { description: 'The TXT record’s value, exactly.' }),
  }),
});

const DomainCheckRef = builder.objectRef<DomainCheck>('DomainCheck').implement({
  description: 'What a lookup of the TXT record found.',
  fields: (t) => ({
    found: t.exposeStringList('found', { description: 'The TXT values at the name, if any.' }),
    error: t.exposeString('error', {
      nullable: true,
      description: 'Why nothing usable was found: NXDOMAIN, no TXT records, a timeout, a DNS failure.',
    }),
  }),
});

const Domain = builder.objectRef<DomainView>('Domain').implement({
  description: 'A custom domain of the tenant: pending until verified through DNS, then serving its did:web DIDs.',
  fields: (t) => ({
    id: t.exposeID('id'),
    domain: t.exposeString('domain'),
    status: t.expose('status', { type: DomainStatus }),
    verification: t.field({ type: DomainVerification, resolve: (domain) => domain.verification }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    verifiedAt: t.expose('verifiedAt', { type: 'DateTime', nullable: true }),
    checkedAt: t.expose('checkedAt', { type: 'DateTime', nullable: true, description: 'The last lookup.' }),
    lastSeenAt: t.expose('lastSeenAt', {
      type: 'DateTime',
      nullable: true,
      description: 'The last lookup that found the record; 3 days without it and a verified domain is pending again.',
    }),
    check: t.field({
      type: DomainCheckRef,
      nullable: true,
      description: 'What this request’s lookup found (verifyDomain only).',
      resolve: (domain) => domain.check,
    }),
  }),
});

const CreateDomainInput = inputFromZod('CreateDomainInput', createDomainInput);

builder.queryFields((t) => ({
  domains: t.field({
    type: [Domain],
    description: 'Newest first.',
    ...requires('domains:manage'),
    resolve: (_root, _args, { services, principal }) => services.domains.list(principal!),
  }),
  domain: t.field({
    type: Domain,
    ...requires('domains:manage'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal }) => services.domains.get(principal!, id),
  }),
}));

builder.mutationFields((t) => ({
  createDomain: t.field({
    nullable: true,
    type: Domain,
    description: 'Claims a domain (Business and Enterprise): set the TXT record it answers, then verify.',
    ...requires('domains:manage'),
    args: { input: t.arg({ type: CreateDomainInput, required: true }) },
    resolve: (_root, { input }, { services, principal, requestId }) =>
      services.domains.create(principal!, input, requestId),
  }),
  verifyDomain: t.field({
    nullable: true,
    type: Domain,
    description: 'Looks the TXT record up now: verified, or pending with what was found.',
    ...requires('domains:manage'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, requestId }) =>
      services.domains.verify(principal!, id, requestId),
  }),
  deleteDomain: t.field({
    nullable: true,
    type: Domain,
    description: 'Removes the domain; it stops being served at once.',
    ...requires('domains:manage'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, requestId }) =>
      services.domains.remove(principal!, id, requestId),
  }),
}));
