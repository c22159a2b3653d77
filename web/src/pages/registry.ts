// Every page of the dashboard, in navigation order. Adding a page: a file under pages/ whose default export
// is the page, and one line here. Routing, the sign-in redirect, the permission guard and the navigation
// entry all come from the line (shell/routes.tsx, shell/navigation.tsx).
import * as overviewPage from './overview.page';
import type { PageEntry } from './page.types';

// The overview, the page most first loads open, is in the main bundle: as a chunk of its own, its code was the
// last thing the first render waited for (fetched only once the bundle had run, after the data had arrived).
const overview = async () => overviewPage;

// prettier-ignore
export const PAGES: readonly PageEntry[] = [
  { path: '/sign-in', title: 'Sign in', audience: 'signed-out', permissions: [], nav: false, load: () => import('./sign-in.page') },
  { path: '/sign-up', title: 'Sign up', audience: 'signed-out', permissions: [], nav: false, load: () => import('./sign-up.page') },
  { path: '/', title: 'Overview', audience: 'signed-in', permissions: ['usage:read'], nav: true, load: overview },
  { path: '/dids', title: 'DIDs', audience: 'signed-in', permissions: ['dids:list'], nav: true, load: () => import('./dids.page') },
  { path: '/dids/:did', title: 'DID', audience: 'signed-in', permissions: ['dids:list'], nav: false, load: () => import('./did.page') },
  { path: '/credentials', title: 'Credentials', audience: 'signed-in', permissions: ['credentials:list'], nav: true, load: () => import('./credentials.page') },
  { path: '/credentials/issue', title: 'Issue a credential', audience: 'signed-in', permissions: ['credentials:issue', 'dids:list'], nav: false, load: () => import('./credentials-issue.page') },
  { path: '/credentials/:id', title: 'Credential', audience: 'signed-in', permissions: ['credentials:list'], nav: false, load: () => import('./credential.page') },
  { path: '/verify', title: 'Verify', audience: 'signed-in', permissions: ['credentials:verify'], nav: true, load: () => import('./verify.page') },
  { path: '/oid4vci/offers', title: 'Credential offers', audience: 'signed-in', permissions: ['credentials:issue'], nav: true, load: () => import('./oid4vci-offers.page') },
  { path: '/oid4vci/offers/new', title: 'New credential offer', audience: 'signed-in', permissions: ['credentials:issue'], nav: false, load: () => import('./oid4vci-offer-new.page') },
  { path: '/oid4vci/offers/:id', title: 'Credential offer', audience: 'signed-in', permissions: ['credentials:issue'], nav: false, load: () => import('./oid4vci-offer.page') },
  { path: '/oid4vci/configurations', title: 'Credential configurations', audience: 'signed-in', permissions: ['oid4vci:manage'], nav: true, load: () => import('./oid4vci-configurations.page') },
  { path: '/oid4vci/configurations/new', title: 'New credential configuration', audience: 'signed-in', permissions: ['oid4vci:manage', 'dids:list'], nav: false, load: () => import('./oid4vci-configuration.page') },
  { path: '/oid4vci/configurations/:id', title: 'Credential configuration', audience: 'signed-in', permissions: ['oid4vci:manage', 'dids:list'], nav: false, load: () => import('./oid4vci-configuration.page') },
  { path: '/oid4vp', title: 'Presentation requests', audience: 'signed-in', permissions: ['credentials:verify'], nav: true, load: () => import('./oid4vp-requests.page') },
  { path: '/oid4vp/new', title: 'New presentation request', audience: 'signed-in', permissions: ['credentials:verify'], nav: false, load: () => import('./oid4vp-request-new.page') },
  { path: '/oid4vp/:id', title: 'Presentation request', audience: 'signed-in', permissions: ['credentials:verify'], nav: false, load: () => import('./oid4vp-request.page') },
  { path: '/members', title: 'Members', audience: 'signed-in', permissions: ['members:list'], nav: true, load: () => import('./members.page') },
  { path: '/invitations', title: 'Invitations', audience: 'signed-in', permissions: ['members:list'], nav: true, load: () => import('./invitations.page') },
  { path: '/join', title: 'Join a team', audience: 'signed-out', permissions: [], nav: false, load: () => import('./invitations-join.page') },
  { path: '/accept-invitation', title: 'Accept an invitation', audience: 'signed-in', permissions: [], nav: false, load: () => import('./invitations-accept.page') },
  { path: '/roles', title: 'Roles', audience: 'signed-in', permissions: ['roles:list'], nav: true, load: () => import('./roles.page') },
  { path: '/api-keys', title: 'API keys', audience: 'signed-in', permissions: ['api_keys:manage'], nav: true, load: () => import('./api-keys.page') },
  { path: '/usage', title: 'Usage and plan', audience: 'signed-in', permissions: ['usage:read'], nav: true, load: () => import('./usage.page') },
  { path: '/audit-log', title: 'Audit log', audience: 'signed-in', permissions: ['audit:read'], nav: true, load: () => import('./audit.page') },
  { path: '/webhooks', title: 'Webhooks', audience: 'signed-in', permissions: ['webhooks:manage'], nav: true, load: () => import('./webhooks.page') },
  { path: '/webhooks/:id', title: 'Webhook endpoint', audience: 'signed-in', permissions: ['webhooks:manage'], nav: false, load: () => import('./webhook.page') },
  { path: '/trust', title: 'Trust', audience: 'signed-in', permissions: ['trust:read'], nav: true, load: () => import('./trust.page') },
  { path: '/compliance', title: 'Compliance', audience: 'signed-in', permissions: ['compliance:read'], nav: true, load: () => import('./compliance.page') },
  { path: '/compliance/reports/:id', title: 'Compliance report', audience: 'signed-in', permissions: ['compliance:read'], nav: false, load: () => import('./compliance-report.page') },
  { path: '/compliance/:id', title: 'Compliance framework', audience: 'signed-in', permissions: ['compliance:read'], nav: false, load: () => import('./compliance-framework.page') },
  { path: '/didcomm', title: 'DIDComm', audience: 'signed-in', permissions: ['didcomm:read'], nav: true, load: () => import('./didcomm.page') },
  { path: '/didcomm/:id', title: 'DIDComm message', audience: 'signed-in', permissions: ['didcomm:read'], nav: false, load: () => import('./didcomm-message.page') },
  { path: '/domains', title: 'Domains', audience: 'signed-in', permissions: ['domains:manage'], nav: true, load: () => import('./domains.page') },
];
