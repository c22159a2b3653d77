// A tenant's OpenID4VCI credential configurations (src/modules/oid4vci/credential-configurations.ts has what they
// mean). Every statement names the tenant; a configuration is found by (tenant, configuration id).
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { Oid4vciFormat } from '../../generated/prisma/enums.js';
import { afterCursor, type PageWindow } from '../../lib/pagination.js';
import type { KeyType } from '../dids/signing-keys.js';
import type { ClaimDescription, CredentialConfiguration, DisplayEntry } from './credential-configurations.js';
import type { BindingMethod, Oid4vciFormatName, ProofAlg } from './oid4vci.inputs.js';

type Db = PrismaClient | Prisma.TransactionClient;

/** A tenant holds at most this many configurations: each is in every metadata document it serves. */
export const MAX_CONFIGURATIONS = 100;

const configurationSelect = {
  id: true,
  configurationId: true,
  format: true,
  vct: true,
  types: true,
  claims: true,
  display: true,
  validitySeconds: true,
  bindingMethods: true,
  proofAlgs: true,
  createdAt: true,
  updatedAt: true,
  issuerDid: { select: { did: true, keyType: true } },
} satisfies Prisma.Oid4vciCredentialConfigurationSelect;

type ConfigurationRow = Prisma.Oid4vciCredentialConfigurationGetPayload<{ select: typeof configurationSelect }>;

export type StoredConfiguration = CredentialConfiguration & { id: string; createdAt: Date; updatedAt: Date };

const FORMAT_NAMES: Record<Oid4vciFormat, Oid4vciFormatName> = { dc_sd_jwt: 'dc+sd-jwt', jwt_vc_json: 'jwt_vc_json' };
export const storedFormat = (format: Oid4vciFormatName): Oid4vciFormat =>
  format === 'dc+sd-jwt' ? 'dc_sd_jwt' : 'jwt_vc_json';

const toConfiguration = (row: ConfigurationRow): StoredConfiguration => ({
  id: row.id,
  configurationId: row.configurationId,
  format: FORMAT_NAMES[row.format],
  issuer: { did: row.issuerDid.did, keyType: row.issuerDid.keyType as KeyType },
  vct: row.vct,
  types: row.types,
  claims: row.claims as ClaimDescription[],
  display: row.display as DisplayEntry[],
  validitySeconds: row.validitySeconds,
  bindingMethods: row.bindingMethods as BindingMethod[],
  proofAlgs: row.proofAlgs as ProofAlg[],
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** What a configuration's row holds besides its id and format: the issuer DID by its row id. */
export type ConfigurationData = Omit<CredentialConfiguration, 'configurationId' | 'format' | 'issuer'> & {
  issuerDidId: string;
};

const configurationColumns = (data: ConfigurationData) => ({
  ...data,
  claims: data.claims as Prisma.InputJsonArray,
  display: data.display as Prisma.InputJsonArray,
});

export async function createConfiguration(
  db: Db,
  tenantId: string,
  configurationId: string,
  format: Oid4vciFormatName,
  data: ConfigurationData,
): Promise<StoredConfiguration> {
  const row = await db.oid4vciCredentialConfiguration.create({
    data: { tenantId, configurationId, format: storedFormat(format), ...configurationColumns(data) },
    select: configurationSelect,
  });
  return toConfiguration(row);
}

/** Replaces the configuration's changeable fields; null when the tenant has no such configuration. */
export async function updateConfiguration(
  db: Db,
  tenantId: string,
  configurationId: string,
  data: ConfigurationData,
): Promise<StoredConfiguration | null> {
  const { count } = await db.oid4vciCredentialConfiguration.updateMany({
    where: { tenantId, configurationId },
    data: configurationColumns(data),
  });
  return count === 1 ? findConfiguration(db, tenantId, configurationId) : null;
}

export async function deleteConfiguration(db: Db, tenantId: string, configurationId: string): Promise<boolean> {
  const { count } = await db.oid4vciCredentialConfiguration.deleteMany({ where: { tenantId, configurationId } });
  return count === 1;
}

export async function findConfiguration(
  db: Db,
  tenantId: string,
  configurationId: string,
): Promise<StoredConfiguration | null> {
  const row = await db.oid4vciCredentialConfiguration.findFirst({
    relationLoadStrategy: 'join',
    where: { tenantId, configurationId },
    select: configurationSelect,
  });
  return row && toConfiguration(row);
}

/** The tenant's configurations among `ids` (all of them without), oldest first: the order metadata lists them in. */
export async function findConfigurations(db: Db, tenantId: string, ids?: readonly string[]) {
  const rows = await db.oid4vciCredentialConfiguration.findMany({
    relationLoadStrategy: 'join',
    where: { tenantId, ...(ids && { configurationId: { in: [...ids] } }) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: MAX_CONFIGURATIONS,
    select: configurationSelect,
  });
  return rows.map(toConfiguration);
}

export async function listConfigurations(db: Db, tenantId: string, page: PageWindow) {
  const rows = await db.oid4vciCredentialConfiguration.findMany({
    relationLoadStrategy: 'join',
    where: { tenantId, ...afterCursor('createdAt', page.before) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.take,
    select: configurationSelect,
  });
  return rows.map(toConfiguration);
}

export const countConfigurations = (db: Db, tenantId: string) =>
  db.oid4vciCredentialConfiguration.count({ where: { tenantId } });
