// The webhook host migration fills each existing endpoint's host from its stored URL as the service now writes
// it (WHATWG URL `host`: lower case, non-default port kept, IPv6 in brackets). On PGlite and, in a schema of
// its own, on PostgreSQL when DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations, type SqlConnection } from '../../src/db/migrate.js';
import { capturingLogger } from '../support/log-sink.js';
import { onEmptyPGlite, onEmptyPostgresSchema } from '../support/empty-databases.js';

const log = capturingLogger([]);

const URLS = [
  'https://hooks.example.com/a?x=1',
  'https://hooks.example.com:8443/b',
  'http://127.0.0.1:9/hooks',
  'http://[::1]:8080/',
  'https://xn--bcher-kva.example/',
].map((raw) => new URL(raw).toString());

async function migrated(connection: SqlConnection) {
  const all = await readMigrations();
  const index = all.findIndex((migration) => migration.name.endsWith('_webhook_endpoint_hosts'));
  expect(index).toBeGreaterThan(0);
  await applyMigrations(connection, log, all.slice(0, index));
  const tenant = randomUUID();
  await connection.query(`INSERT INTO tenants (id, name, slug, updated_at) VALUES ($1, 'T', $2, now())`, [
    tenant,
    `t-${tenant}`,
  ]);
  for (const url of URLS) {
    await connection.query(
      `INSERT INTO webhook_endpoints (id, tenant_id, url, events, secret_ciphertext) VALUES ($1, $2, $3, '{*}', '\\x00')`,
      [randomUUID(), tenant, url],
    );
  }
  await applyMigrations(connection, log, all);
  return connection.query<{ url: string; host: string }>(
    `SELECT url, host FROM webhook_endpoints WHERE tenant_id = $1`,
    [tenant],
  );
}

function expectMigrated(rows: { url: string; host: string }[]) {
  const hosts = Object.fromEntries(rows.map((row) => [row.url, row.host]));
  expect(hosts).toEqual(Object.fromEntries(URLS.map((url) => [url, new URL(url).host])));
}

describe('the webhook host migration', () => {
  it('fills each endpoint’s host as the service computes it (PGlite)', async () => {
    expectMigrated(await onEmptyPGlite(migrated));
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('the same on PostgreSQL', async () => {
    expectMigrated(await onEmptyPostgresSchema('webhook_host_migration', migrated));
  });
});
