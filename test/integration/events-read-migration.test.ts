// The events:read migration: custom roles and scoped API keys that held webhooks:manage (which read the event
// log until then) get events:read; built-in roles, roles and keys without webhooks:manage, and unscoped keys
// are left alone. On PGlite and, in a schema of its own, on PostgreSQL when DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations, type SqlConnection } from '../../src/db/migrate.js';
import { capturingLogger } from '../support/log-sink.js';
import { onEmptyPGlite, onEmptyPostgresSchema } from '../support/empty-databases.js';

const log = capturingLogger([]);

async function migrated(connection: SqlConnection) {
  const all = await readMigrations();
  const index = all.findIndex((migration) => migration.name.endsWith('_events_read_permission'));
  expect(index).toBeGreaterThan(0);
  await applyMigrations(connection, log, all.slice(0, index));
  const tenant = randomUUID();
  await connection.query(`INSERT INTO tenants (id, name, slug, updated_at) VALUES ($1, 'T', $2, now())`, [
    tenant,
    `t-${tenant}`,
  ]);
  const user = randomUUID();
  await connection.query(
    `INSERT INTO users (id, email, email_key, display_name, password_hash, updated_at)
     VALUES ($1, $2, $2, 'U', 'x', now())`,
    [user, `${user}@example.com`],
  );
  const roles = {
    hooks: ['webhooks:manage', 'dids:list'],
    plain: ['dids:list'],
    already: ['webhooks:manage', 'events:read'],
  };
  const roleIds: Record<string, string> = {};
  for (const [name, permissions] of Object.entries(roles)) {
    roleIds[name] = randomUUID();
    await connection.query(
      `INSERT INTO roles (id, tenant_id, name, permissions, updated_at) VALUES ($1, $2, $3, $4::text[], now())`,
      [roleIds[name], tenant, name, permissions],
    );
  }
  const builtIn = randomUUID();
  await connection.query(
    `INSERT INTO roles (id, tenant_id, name, permissions, built_in, updated_at)
     VALUES ($1, NULL, $2, '{webhooks:manage}', true, now())`,
    [builtIn, `builtin-${builtIn}`],
  );
  const keys = { hooks: ['webhooks:manage'], plain: ['credentials:issue'], unscoped: null };
  const keyIds: Record<string, string> = {};
  for (const [name, scopes] of Object.entries(keys)) {
    keyIds[name] = randomUUID();
    await connection.query(
      `INSERT INTO api_keys (id, tenant_id, name, prefix, key_hash, created_by_user_id, scoped, scopes)
       VALUES ($1, $2, $3, 'bsk_live_00', $4::bytea, $5, $6, $7::text[])`,
      [keyIds[name], tenant, name, Buffer.from(keyIds[name]!), user, scopes !== null, scopes ?? []],
    );
  }
  await applyMigrations(connection, log, all);
  const roleRows = await connection.query<{ id: string; permissions: string[] }>(
    `SELECT id::text, permissions FROM roles WHERE tenant_id = $1 OR id = $2`,
    [tenant, builtIn],
  );
  const keyRows = await connection.query<{ id: string; scopes: string[] }>(
    `SELECT id::text, scopes FROM api_keys WHERE tenant_id = $1`,
    [tenant],
  );
  const role = (id: string) => roleRows.find((row) => row.id === id)!.permissions;
  const key = (id: string) => keyRows.find((row) => row.id === id)!.scopes;
  return {
    roles: Object.fromEntries(Object.entries(roleIds).map(([name, id]) => [name, role(id)])),
    builtIn: role(builtIn),
    keys: Object.fromEntries(Object.entries(keyIds).map(([name, id]) => [name, key(id)])),
  };
}

function expectMigrated(result: Awaited<ReturnType<typeof migrated>>) {
  expect(result.roles).toEqual({
    hooks: ['webhooks:manage', 'dids:list', 'events:read'],
    plain: ['dids:list'],
    already: ['webhooks:manage', 'events:read'],
  });
  // Built-in roles are the code's, synchronised at start-up.
  expect(result.builtIn).toEqual(['webhooks:manage']);
  expect(result.keys).toEqual({
    hooks: ['webhooks:manage', 'events:read'],
    plain: ['credentials:issue'],
    unscoped: [],
  });
}

describe('the events:read migration', () => {
  it('grants events:read to custom roles and scoped keys holding webhooks:manage, and to nothing else (PGlite)', async () => {
    expectMigrated(await onEmptyPGlite(migrated));
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('the same on PostgreSQL', async () => {
    expectMigrated(await onEmptyPostgresSchema('events_read_migration', migrated));
  });
});
