// The audit_chain migration chains the events written before it, in SQL: a database migrated from before the
// chain must verify clean with the service's own check (audit.chain.ts), including details whose JCS form is
// easy to get wrong (key order by UTF-16 code units, escapes, numbers as ECMAScript writes them). Runs on
// PGlite, and on PostgreSQL too (in a schema of its own) when DATABASE_URL is set.
import { randomUUID } from 'node:crypto';

import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { applyMigrations, readMigrations, type SqlConnection } from '../../src/db/migrate.js';
import {
  CHAIN_START,
  checkEnd,
  checkLink,
  type ChainBreak,
  type ChainLink,
} from '../../src/modules/audit/audit.chain.js';
import { capturingLogger } from '../support/log-sink.js';
import { pgliteCopy } from '../support/pglite-template.js';

const log = capturingLogger([]);

/** Details as an older version of the service could have stored them, and then some. */
const LEGACY_DETAILS = [
  { name: 'ci', prefix: 'bsk_live_aa7337', scopes: ['credentials:issue'], expiresAt: null },
  {},
  { '\uFFFD': 1, '😀': 2, a: 3, B: 4, aa: 5, é: 6, '': 7 },
  {
    text: 'quote " backslash \\ newline \n tab \t ctrl \u0001 del \u007f separator \u2028 é 😀 </script>',
    nested: { b: [1, { z: true, a: false }, [], {}], a: null },
  },
];
/** Numbers as jsonb text: read back as doubles, hashed in ECMAScript's form whatever their spelling here. */
const LEGACY_NUMBERS =
  '{"weight": 0.1, "score": 100, "tiny": 1e-7, "small": 0.000001, "big": 1e21, "edge": 1e20, ' +
  '"long": 123456789012345678901234, "neg": -2.5e-10, "huge": 1.5e300, "spelled": 5.0, "zero": -0, ' +
  '"sum": 0.30000000000000004, "third": 0.3333333333333333, "minusInt": -42}';

async function chainOnMigratedDatabase(connection: SqlConnection) {
  const all = await readMigrations();
  const chainMigration = all.findIndex((m) => m.name.endsWith('_audit_chain'));
  expect(chainMigration).toBeGreaterThan(0);
  await applyMigrations(connection, log, all.slice(0, chainMigration));

  const tenants = [randomUUID(), randomUUID()];
  for (const [i, id] of tenants.entries()) {
    await connection.query(`INSERT INTO tenants (id, name, slug, updated_at) VALUES ($1, $2, $3, now())`, [
      id,
      `Legacy ${i}`,
      `legacy-${id}`,
    ]);
  }
  const at = (second: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, second, 123)).toISOString();
  const insert = (tenant: string, createdAt: string, details: string, extra: Partial<Record<string, string>> = {}) =>
    connection.query(
      `INSERT INTO audit_events (id, tenant_id, actor_user_id, actor_api_key_id, action, target_type, target_id,
                                 details, request_id, created_at)
       VALUES ($1, $2, $3, $4, $5, 'api_key', $6, $7::jsonb, $8, $9)`,
      [
        extra.id ?? randomUUID(),
        tenant,
        extra.actor ?? null,
        extra.key ?? null,
        'api_key.created',
        extra.target ?? null,
        details,
        extra.request ?? null,
        createdAt,
      ],
    );
  // Tenant 0: written out of seq order, two at the same millisecond (then ordered by id).
  await insert(tenants[0]!, at(3), JSON.stringify(LEGACY_DETAILS[0]), { actor: randomUUID(), request: 'req-1' });
  await insert(tenants[0]!, at(1), JSON.stringify(LEGACY_DETAILS[1]), { key: randomUUID(), target: 'x' });
  await insert(tenants[0]!, at(2), JSON.stringify(LEGACY_DETAILS[2]), { id: 'ffffffff-0000-4000-8000-000000000000' });
  await insert(tenants[0]!, at(2), JSON.stringify(LEGACY_DETAILS[3]), { id: '00000000-0000-4000-8000-000000000000' });
  await insert(tenants[0]!, at(4), LEGACY_NUMBERS, { target: 'ü' });
  // Tenant 1: one event.
  await insert(tenants[1]!, at(0), JSON.stringify(LEGACY_DETAILS[0]));

  await applyMigrations(connection, log, all);

  const results = [];
  for (const tenant of tenants) {
    const events = await connection.query<any>(
      `SELECT id, tenant_id, seq, prev_hash, hash, action, actor_user_id, actor_api_key_id, target_type, target_id,
              details::text AS details, request_id, created_at
       FROM audit_events WHERE tenant_id = $1 ORDER BY seq`,
      [tenant],
    );
    const [head] = await connection.query<any>(
      `SELECT seq, event_id, hash FROM audit_chain_heads WHERE tenant_id = $1`,
      [tenant],
    );
    // The service's own check, link by link, over rows read back as the service reads them.
    let previous: ChainLink = CHAIN_START;
    let last: { seq: number; id: string; hash: string } | null = null;
    let firstBreak: ChainBreak | null = null;
    for (const row of events) {
      const event = {
        id: row.id,
        tenantId: row.tenant_id,
        seq: row.seq,
        prevHash: row.prev_hash,
        hash: row.hash,
        action: row.action,
        actorUserId: row.actor_user_id,
        actorApiKeyId: row.actor_api_key_id,
        targetType: row.target_type,
        targetId: row.target_id,
        details: JSON.parse(row.details),
        requestId: row.request_id,
        createdAt: new Date(row.created_at),
      };
      firstBreak ??= checkLink(previous, event);
      previous = { seq: event.seq, hash: event.hash };
      last = event;
    }
    firstBreak ??= checkEnd(last, head && { seq: head.seq, eventId: head.event_id, hash: head.hash });
    results.push({ events, firstBreak });
  }
  return results;
}

function expectChained(results: Awaited<ReturnType<typeof chainOnMigratedDatabase>>) {
  const [first, second] = results;
  expect(first!.firstBreak).toBeNull();
  expect(second!.firstBreak).toBeNull();
  expect(first!.events.map((e: any) => e.seq)).toEqual([1, 2, 3, 4, 5]);
  // In the order written: by created_at, then id.
  expect(first!.events.map((e: any) => e.details.length > 2 && JSON.parse(e.details))).toEqual([
    false,
    LEGACY_DETAILS[3],
    LEGACY_DETAILS[2],
    LEGACY_DETAILS[0],
    expect.objectContaining({ weight: 0.1 }),
  ]);
  expect(first!.events[0].prev_hash).toBe('0'.repeat(64));
  expect(second!.events.map((e: any) => [e.seq, e.prev_hash])).toEqual([[1, '0'.repeat(64)]]);
}

describe('the audit_chain migration on a database with audit events', () => {
  it('chains them so that they verify clean (PGlite)', async () => {
    const db = await pgliteCopy('pgliteEmptyTemplate');
    try {
      expectChained(
        await chainOnMigratedDatabase({
          query: async (sql, params) => (await db.query(sql, params)).rows as never[],
          exec: async (script) => void (await db.exec(script)),
        }),
      );
    } finally {
      await db.close();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('chains them so that they verify clean (PostgreSQL)', async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const schema = `audit_chain_migration_${randomUUID().replace(/-/g, '')}`;
    try {
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.query(`SET search_path TO ${schema}`);
      expectChained(
        await chainOnMigratedDatabase({
          query: async (sql, params) => (await client.query(sql, params)).rows as never[],
          exec: async (script) => void (await client.query(script)),
        }),
      );
    } finally {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  });
});
