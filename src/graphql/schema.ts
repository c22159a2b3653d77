import { lexicographicSortSchema, printSchema } from 'graphql';
import { rootFieldAccess } from './access.js';
import { builder } from './builder.js';
import './auth.types.js';
import './roles.types.js';
import './members.types.js';
import './api-keys.types.js';
import './usage.types.js';
import './audit.types.js';
import './dids.types.js';
import './certificates.types.js';
import './credentials.types.js';
import './events.types.js';
import './webhooks.types.js';
import './trust.types.js';
import './compliance.types.js';
import './data-subjects.types.js';
import './domains.types.js';
import './didcomm.types.js';
import './oid4vci.types.js';
import './oid4vci-authorization.types.js';
import './oid4vp.types.js';

export const schema = builder.toSchema();
// Deny by default: a root field without an access declaration stops the service from starting.
rootFieldAccess(schema);

export function printedSchema(): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}
