// The email-key migration re-keys accounts and invitations stored before keys were NFKC: a full-width address
// keys as its ASCII form, and an account whose new key another account already holds keeps its old key (it is
// never merged into the other). On PGlite and, in a schema of its own, on PostgreSQL when DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations, type SqlConnection } from '../../src/db/migrate.js';
import { emailKey } from '../../src/modules/auth/email-address.js';
import { capturingLogger } from '../support/log-sink.js';
import { onEmptyPGlite, onEmptyPostgresSchema } from '../support/empty-databases.js';

const log = capturingLogger([]);

/** What the service stored before: trimmed and lower-cased, no NFKC. */
const oldKey = (email: string) => email.trim().toLowerCase();

const ACCOUNTS = {
  plain: 'Plain.User@Example.com',
  wide: 'Ｗｉｄｅ＠ｅｘａｍｐｌｅ．ｃｏｍ',
  ligature: 'o\uFB03ce@example.com',
  // The full-width twin of `plain`: its new key is plain's.
  twin: 'Ｐｌａｉｎ.Ｕｓｅｒ@Example.com',
};

async function migrated(connection: SqlConnection) {
  const all = await readMigrations();
  const index = all.findIndex((migration) => migration.name.endsWith('_email_keys_nfkc'));
  expect(index).toBeGreaterThan(0);
  await applyMigrations(connection, log, all.slice(0, index));
  const ids: Record<string, string> = {};
  for (const [name, email] of Object.entries(ACCOUNTS)) {
    ids[name] = randomUUID();
    await connection.query(
      `INSERT INTO users (id, email, email_key, display_name, password_hash, updated_at)
       VALUES ($1, $2, $3, $4, 'x', now())`,
      [ids[name], email, oldKey(email), name],
    );
  }
  const tenant = randomUUID();
  await connection.query(`INSERT INTO tenants (id, name, slug, updated_at) VALUES ($1, 'T', $2, now())`, [
    tenant,
    `t-${tenant}`,
  ]);
  const role = randomUUID();
  await connection.query(
    `INSERT INTO roles (id, tenant_id, name, permissions, updated_at) VALUES ($1, $2, 'r', '{}', now())`,
    [role, tenant],
  );
  await connection.query(
    `INSERT INTO invitations (id, tenant_id, email, email_key, role_id, invited_by_user_id, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::bytea, now() + interval '1 day')`,
    [randomUUID(), tenant, ACCOUNTS.wide, oldKey(ACCOUNTS.wide), role, ids.plain, Buffer.from(tenant)],
  );
  await applyMigrations(connection, log, all);
  const users = await connection.query<{ id: string; email: string; email_key: string }>(
    `SELECT id::text, email, email_key FROM users WHERE id = ANY($1::uuid[])`,
    [Object.values(ids)],
  );
  const byName = Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, users.find((u) => u.id === id)!]));
  const [invitation] = await connection.query<{ email: string; email_key: string }>(
    `SELECT email, email_key FROM invitations WHERE tenant_id = $1`,
    [tenant],
  );
  return { byName, invitation: invitation! };
}

function expectMigrated({ byName, invitation }: Awaited<ReturnType<typeof migrated>>) {
  expect(byName.plain).toMatchObject({ email: ACCOUNTS.plain, email_key: 'plain.user@example.com' });
  expect(byName.wide).toMatchObject({ email: 'Wide@example.com', email_key: 'wide@example.com' });
  expect(byName.ligature).toMatchObject({ email: 'office@example.com', email_key: 'office@example.com' });
  // Not merged, not re-keyed: it keeps the key it had.
  expect(byName.twin).toMatchObject({ email: ACCOUNTS.twin, email_key: oldKey(ACCOUNTS.twin) });
  expect(invitation).toEqual({ email: 'Wide@example.com', email_key: 'wide@example.com' });
  // What the service computes now agrees with what the migration stored.
  for (const name of ['plain', 'wide', 'ligature'] as const)
    expect(byName[name]!.email_key).toBe(emailKey(ACCOUNTS[name]));
}

describe('the email-key migration', () => {
  it('re-keys accounts and invitations under NFKC and leaves a colliding account as it was (PGlite)', async () => {
    expectMigrated(await onEmptyPGlite(migrated));
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('the same on PostgreSQL', async () => {
    expectMigrated(await onEmptyPostgresSchema('email_key_migration', migrated));
  });
});
