// The compliance migration reads the claim names of credentials issued before it from their own bodies (in SQL):
// a jwt_vc_json shows every credentialSubject claim but id; a vc+sd-jwt shows its payload's own claims and
// hides the disclosable ones. Checked against bodies made by the service's own format code, on PGlite and (in a
// schema of its own) on PostgreSQL when DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations, type SqlConnection } from '../../src/db/migrate.js';
import { parseIssueInput } from '../../src/modules/credentials/credentials.inputs.js';
import { credentialFormatNamed } from '../../src/modules/credentials/formats/index.js';
import { DEFAULT_DID_METHOD } from '../../src/modules/dids/methods/index.js';
import { capturingLogger } from '../support/log-sink.js';
import { onEmptyPGlite, onEmptyPostgresSchema } from '../support/empty-databases.js';

const log = capturingLogger([]);

const created = DEFAULT_DID_METHOD.create('Ed25519');
const key = DEFAULT_DID_METHOD.signingKey(created.did, 'Ed25519', created.privateKeyPkcs8);

async function body(input: Record<string, unknown>) {
  const parsed = parseIssueInput({ issuer: created.did, ...input });
  const context = { credentialId: randomUUID(), issuedAt: new Date(), statusListUrl: 'https://x/l/1', statusIndex: 7 };
  return credentialFormatNamed(parsed.format).issue(parsed, key, context);
}

const CASES = [
  {
    input: { format: 'jwt_vc_json', subject_id: 'did:example:a', claims: { name: 'A', birth_date: '1990-01-01' } },
    claimNames: ['birth_date', 'name'],
    exposed: ['birth_date', 'name'],
  },
  { input: { format: 'jwt_vc_json' }, claimNames: [], exposed: [] },
  {
    input: { format: 'vc+sd-jwt', vct: 'https://x/id', claims: { name: 'A', degree: 'BSc', gpa: 3.9 } },
    claimNames: ['degree', 'gpa', 'name'],
    exposed: [],
  },
  {
    input: {
      format: 'vc+sd-jwt',
      vct: 'https://x/id',
      subject_id: 'did:example:b',
      holder_jwk: { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' },
      claims: { name: 'B', degree: 'MSc' },
      disclosable: ['name'],
    },
    claimNames: ['degree', 'name'],
    exposed: ['degree'],
  },
];

async function backfilled(connection: SqlConnection) {
  const all = await readMigrations();
  const compliance = all.findIndex((migration) => migration.name.endsWith('_compliance'));
  expect(compliance).toBeGreaterThan(0);
  await applyMigrations(connection, log, all.slice(0, compliance));
  const [tenant, did, list] = [randomUUID(), randomUUID(), randomUUID()];
  await connection.query(`INSERT INTO tenants (id, name, slug, updated_at) VALUES ($1, 'Legacy', $2, now())`, [
    tenant,
    `legacy-${tenant}`,
  ]);
  await connection.query(
    `INSERT INTO dids (id, tenant_id, did, key_type, public_jwk, private_key_ciphertext)
     VALUES ($1, $2, $3, 'Ed25519', '{}', '\\x00')`,
    [did, tenant, created.did],
  );
  await connection.query(
    `INSERT INTO status_lists (id, tenant_id, did_id, format, size, index_key, bits)
     VALUES ($1, $2, $3, 'bitstring', 131072, '\\x00', '\\x00')`,
    [list, tenant, did],
  );
  const ids: string[] = [];
  for (const [index, { input }] of CASES.entries()) {
    const id = randomUUID();
    ids.push(id);
    await connection.query(
      `INSERT INTO credentials (id, tenant_id, issuer_did_id, format, credential_type, status_list_id, status_index,
                                credential, issued_at)
       VALUES ($1, $2, $3, $4::credential_format, 'T', $5, $6, $7, now())`,
      [id, tenant, did, input.format, list, index, await body(input)],
    );
  }
  await applyMigrations(connection, log, all);
  const rows = await connection.query<{ id: string; claim_names: string[]; exposed_claims: string[] }>(
    `SELECT id::text, claim_names, exposed_claims FROM credentials WHERE tenant_id = $1`,
    [tenant],
  );
  return ids.map((id) => rows.find((row) => row.id === id)!);
}

function expectBackfilled(rows: { claim_names: string[]; exposed_claims: string[] }[]) {
  expect(rows.map((row) => [[...row.claim_names].sort(), [...row.exposed_claims].sort()])).toEqual(
    CASES.map((c) => [c.claimNames, c.exposed]),
  );
}

describe('the compliance migration on a database with credentials', () => {
  it('reads each credential’s claim names and visible claims from its body (PGlite)', async () => {
    expectBackfilled(await onEmptyPGlite(backfilled));
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('the same on PostgreSQL', async () => {
    expectBackfilled(await onEmptyPostgresSchema('compliance_migration', backfilled));
  });
});
