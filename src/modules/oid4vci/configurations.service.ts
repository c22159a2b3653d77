// The tenant's OpenID4VCI credential configurations (permission oid4vci:manage): create, read, list, change,
// delete. Each change is audited in its transaction. A configuration signs with one of the tenant's active DIDs.
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { MESSAGES } from '../../lib/messages.js';
import { fetchPage, type PageRequest } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import { findDid } from '../dids/dids.repository.js';
import { DEFAULT_PROOF_ALGS, defaultBindingMethods, metadataEntry } from './credential-configurations.js';
import { createConfigurationInput, mergedConfiguration, updateConfigurationInput } from './oid4vci.inputs.js';
import * as repository from './configurations.repository.js';
import type { StoredConfiguration } from './configurations.repository.js';
import { isOffered } from './oid4vci.repository.js';

export const CONFIGURATION_NOT_FOUND = 'credential configuration not found';

export type ConfigurationView = StoredConfiguration & { metadata: Record<string, unknown> };

/** The tenant's DID `did`, active: what a configuration may sign with. */
export async function activeIssuerDid(prisma: PrismaClient, tenantId: string, did: string) {
  const row = await findDid(prisma, tenantId, did);
  if (!row) throw notFound(MESSAGES.didNotFound(did));
  if (row.deactivatedAt) throw badRequest(MESSAGES.issuerDidDeactivated);
  return row;
}

export function createConfigurationsService({ prisma }: { prisma: PrismaClient }) {
  const viewOfConfiguration = (config: StoredConfiguration): ConfigurationView => ({
    ...config,
    metadata: metadataEntry(config),
  });

  async function configurationOf(tenantId: string, configurationId: string) {
    const config = await repository.findConfiguration(prisma, tenantId, configurationId);
    if (!config) throw notFound(CONFIGURATION_NOT_FOUND);
    return config;
  }

  async function createConfiguration(principal: Principal, rawInput: unknown, requestId: string | null) {
    const input = parseInput(createConfigurationInput, rawInput);
    const did = await activeIssuerDid(prisma, principal.tenantId, input.issuer);
    if ((await repository.countConfigurations(prisma, principal.tenantId)) >= repository.MAX_CONFIGURATIONS) {
      throw badRequest(`a tenant holds at most ${repository.MAX_CONFIGURATIONS} credential configurations`);
    }
    if (await repository.findConfiguration(prisma, principal.tenantId, input.configurationId)) {
      throw conflict('credential configuration already exists');
    }
    const data = {
      issuerDidId: did.id,
      vct: input.vct ?? null,
      types: input.types ?? [],
      claims: input.claims ?? [],
      display: input.display ?? [],
      validitySeconds: input.validitySeconds ?? null,
      bindingMethods: input.bindingMethods ?? defaultBindingMethods(input.format),
      proofAlgs: input.proofAlgs ?? DEFAULT_PROOF_ALGS,
    };
    return prisma.$transaction(async (tx) => {
      const created = await repository.createConfiguration(
        tx,
        principal.tenantId,
        input.configurationId,
        input.format,
        data,
      );
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'oid4vci.configuration.created',
        targetType: 'oid4vci_configuration',
        targetId: created.configurationId,
        details: { format: created.format, issuer: created.issuer.did },
      });
      return viewOfConfiguration(created);
    });
  }

  async function updateConfiguration(
    principal: Principal,
    configurationId: string,
    rawInput: unknown,
    requestId: string | null,
  ) {
    const input = parseInput(updateConfigurationInput, rawInput);
    const current = await configurationOf(principal.tenantId, configurationId);
    const merged = {
      format: current.format,
      vct: input.vct === undefined ? current.vct : input.vct,
      types: input.types ?? current.types,
      claims: input.claims ?? current.claims,
      bindingMethods: input.bindingMethods ?? current.bindingMethods,
    };
    parseInput(mergedConfiguration, merged);
    const did = await activeIssuerDid(prisma, principal.tenantId, input.issuer ?? current.issuer.did);
    return prisma.$transaction(async (tx) => {
      const updated = await repository.updateConfiguration(tx, principal.tenantId, configurationId, {
        issuerDidId: did.id,
        vct: merged.vct,
        types: merged.types,
        claims: merged.claims,
        display: input.display ?? current.display,
        validitySeconds: input.validitySeconds === undefined ? current.validitySeconds : input.validitySeconds,
        bindingMethods: merged.bindingMethods,
        proofAlgs: input.proofAlgs ?? current.proofAlgs,
      });
      if (!updated) throw notFound(CONFIGURATION_NOT_FOUND);
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'oid4vci.configuration.updated',
        targetType: 'oid4vci_configuration',
        targetId: configurationId,
        details: { fields: Object.keys(input).filter((key) => input[key as keyof typeof input] !== undefined) },
      });
      return viewOfConfiguration(updated);
    });
  }

  /** Deletes a configuration no open offer names (those would fail at the wallet); answers it as it was. */
  async function deleteConfiguration(principal: Principal, configurationId: string, requestId: string | null) {
    const current = await configurationOf(principal.tenantId, configurationId);
    if (await isOffered(prisma, principal.tenantId, configurationId, new Date())) {
      throw conflict('an open offer names this credential configuration: cancel it first');
    }
    return prisma.$transaction(async (tx) => {
      if (!(await repository.deleteConfiguration(tx, principal.tenantId, configurationId))) {
        throw notFound(CONFIGURATION_NOT_FOUND);
      }
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'oid4vci.configuration.deleted',
        targetType: 'oid4vci_configuration',
        targetId: configurationId,
        details: { format: current.format },
      });
      return viewOfConfiguration(current);
    });
  }

  async function listConfigurations(principal: Principal, page: PageRequest) {
    const result = await fetchPage(page, (window) => repository.listConfigurations(prisma, principal.tenantId, window));
    return { configurations: result.items.map(viewOfConfiguration), nextCursor: result.nextCursor };
  }

  const getConfiguration = async (principal: Principal, configurationId: string) =>
    viewOfConfiguration(await configurationOf(principal.tenantId, configurationId));

  return { createConfiguration, updateConfiguration, deleteConfiguration, listConfigurations, getConfiguration };
}

export type ConfigurationsService = ReturnType<typeof createConfigurationsService>;
