// The migration that makes a DID string unique among active DIDs (and once per tenant) deactivates the did:web
// DIDs nobody can serve any more: those whose tenant no longer claims their domain, and those whose first path
// segment the did:web URL rule maps onto the domain's root document or the service's own paths. Others are left
// alone. On PGlite, and (in a schema of its own) on PostgreSQL when DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations, type SqlConnection } from '../../src/db/migrate.js';
import { capturingLogger } from '../support/log-sink.js';
import { onEmptyPGlite, onEmptyPostgresSchema } from '../support/empty-databases.js';

const log = capturingLogger([]);
const MIGRATION = '_did_unique_while_active';

const DIDS = {
  'did:web:kept.example.com': 'active',
  'did:web:kept.example.com:issuers': 'active',
  'did:web:kept.example.com:.well-known': 'deactivated',
  'did:web:kept.example.com:V1:lists': 'deactivated',
  'did:web:kept.example.com:1.0': 'deactivated',
  'did:web:kept.example.com:issuers:.well-known': 'active',
  'did:web:gone.example.com': 'deactivated',
  'did:web:gone.example.com:issuers': 'deactivated',
  'did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp': 'active',
} as const;

async function migrated(connection: SqlConnection) {
  const all = await readMigrations();
  const at = all.findIndex((migration) => migration.name.endsWith(MIGRATION));
  expect(at).toBeGreaterThan(0);
  await applyMigrations(connection, log, all.slice(0, at));
  const [tenant, other] = [randomUUID(), randomUUID()];
  for (const id of [tenant, other]) {
    await connection.query(`INSERT INTO tenants (id, name, slug, updated_at) VALUES ($1, 'T', $2, now())`, [
      id,
      `t-${id}`,
    ]);
  }
  await connection.query(
    `INSERT INTO custom_domains (id, tenant_id, domain, token) VALUES ($1, $2, 'kept.example.com', 'x')`,
    [randomUUID(), tenant],
  );
  for (const did of Object.keys(DIDS)) {
    await connection.query(
      `INSERT INTO dids (id, tenant_id, did, key_type, public_jwk, private_key_ciphertext)
       VALUES ($1, $2, $3, 'Ed25519', '{}', '\\x00')`,
      [randomUUID(), tenant, did],
    );
  }
  await applyMigrations(connection, log, all);
  const rows = await connection.query<{ did: string; active: boolean }>(
    `SELECT did, deactivated_at IS NULL AS active FROM dids WHERE tenant_id = $1`,
    [tenant],
  );
  const states = Object.fromEntries(rows.map((row) => [row.did, row.active ? 'active' : 'deactivated']));
  // The freed name can be made again by another tenant, once.
  const insert = () =>
    connection.query(
      `INSERT INTO dids (id, tenant_id, did, key_type, public_jwk, private_key_ciphertext)
       VALUES ($1, $2, 'did:web:gone.example.com', 'Ed25519', '{}', '\\x00')`,
      [randomUUID(), other],
    );
  await insert();
  const again = await insert().then(
    () => 'inserted',
    (error: Error) => error.message,
  );
  return { states, again };
}

function expectMigrated({ states, again }: Awaited<ReturnType<typeof migrated>>) {
  expect(states).toEqual(DIDS);
  expect(again).toMatch(/duplicate key value violates unique constraint/);
}

describe('the migration making DIDs unique while active', () => {
  it('deactivates the did:web DIDs no domain of their tenant serves, and frees their names (PGlite)', async () => {
    expectMigrated(await onEmptyPGlite(migrated));
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('the same on PostgreSQL', async () => {
    expectMigrated(await onEmptyPostgresSchema('did_unique_migration', migrated));
  });
});
