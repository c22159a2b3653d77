// The issue path written by hand: what this design could do on this machine, measured in the same
// run as the service so every row of the comparison is a ratio to it. One process, nothing but
//   node:http → an in-process auth cache (session token → tenant, one SELECT on a miss) → one
//   rate-limiter-flexible consume (in memory, or in Redis with REDIS_URL) → JSON.parse → a status index from a
//   block reserved by one UPDATE per 64 → a VCDM 1.1 JWT signed with node:crypto → the service's single-issue
//   statement (quota + insert + outbox event, ISSUE_SQL below) as a prepared statement through `pg` → JSON.
// One statement and one commit per request: the service runs the same steps per credential inside
// issue_credentials(), which takes every issue that arrived while earlier ones were in flight (group commit);
// the baseline stays the plain design the issue describes.
// No logging, no validation beyond what the statement needs, no GraphQL, no audit: the floor under the service's
// cost, not a second implementation. It serves POST /v1/credentials/issue for jwt_vc_json only, on the
// service's own database and tenants (the bench registers them through the service first).
//
// Run: DATABASE_URL=… [REDIS_URL=…] KEY_ENCRYPTION_KEY=… node --import tsx bench/baseline.ts
// It prints {"url": …} once listening, like the service's log line the bench waits for.
import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { uuidV7 } from '../src/lib/crypto.js';
import { createKeyEncryption, keyAadFor } from '../src/lib/key-encryption.js';
import { STATUS_LIST_SIZE } from '../src/modules/status-lists/status-list.codec.js';

// The service's issue statement for one credential, as it ran before batching; issue_credentials()
// (prisma/migrations/20261125120000_issue_batches and after) runs these steps for each
// credential of a batch. Ids are time-ordered, as the service's: the outbox event's from the column's default.
// The event is written already published when no endpoint subscribes, after the same subscription lock
// (20261128120000_issue_events_published_without_subscribers); in one statement the lock comes after the
// statement's snapshot, which the function avoids, but the work is the same.
const ISSUE_SQL = `
  WITH idempotency AS (
    SELECT id FROM idempotency_keys
    WHERE id = $16::uuid AND tenant_id = $1::uuid AND lease_token = $17::uuid AND completed_at IS NULL
    FOR UPDATE
  ), quota AS (
    INSERT INTO usage_counters (tenant_id, month, shard, credentials_issued)
    SELECT $1::uuid, $2, $3::smallint, 1
    WHERE EXISTS (SELECT 1 FROM dids WHERE id = $4::uuid AND tenant_id = $1::uuid AND deactivated_at IS NULL)
      AND ($5::int IS NULL OR $5::int > 0)
      AND ($16::uuid IS NULL OR EXISTS (SELECT 1 FROM idempotency))
    ON CONFLICT (tenant_id, month, shard) DO UPDATE SET credentials_issued = usage_counters.credentials_issued + 1
      WHERE $5::int IS NULL
         OR usage_counters.credentials_issued + (
              SELECT coalesce(sum(other.credentials_issued), 0) FROM usage_counters other
              WHERE other.tenant_id = $1::uuid AND other.month = $2 AND other.shard <> 0
            ) < $5::int
    RETURNING credentials_issued
  ), inserted AS (
    INSERT INTO credentials (id, tenant_id, issuer_did_id, format, credential_type, subject_id, status_list_id,
                             status_index, credential, issued_at, expires_at, claim_names, exposed_claims)
    SELECT $6::uuid, $1::uuid, $4::uuid, $7::credential_format, $8, $9, $10::uuid, $11::int, $12,
           $13::timestamptz, $14::timestamptz, $19::text[], $20::text[]
    FROM quota
    RETURNING id
  ), event AS (
    INSERT INTO outbox_events (tenant_id, type, payload, published_at)
    SELECT $1::uuid, 'credential.issued', $15::jsonb,
           CASE WHEN EXISTS (
             SELECT 1 FROM webhook_endpoints w
             WHERE w.tenant_id = $1::uuid AND w.enabled AND ('credential.issued' = ANY(w.events) OR '*' = ANY(w.events))
           ) THEN NULL ELSE statement_timestamp() END
    FROM inserted, (SELECT pg_advisory_xact_lock_shared(hashtext('webhook-subscriptions:' || $1::uuid::text))) AS subscriptions
  ), idempotency_completed AS (
    UPDATE idempotency_keys k SET response = $18::bytea, resource_id = $6::uuid, completed_at = now()
    FROM idempotency i WHERE k.tenant_id = $1::uuid AND k.id = i.id AND EXISTS (SELECT 1 FROM inserted)
  )
  SELECT (SELECT count(*) FROM inserted)::int AS inserted,
         ($16::uuid IS NULL OR EXISTS (SELECT 1 FROM idempotency)) AS lease_held`;

const RESERVATION_BLOCK = 64;
const UNLIMITED_SHARDS = 16;
// An Enterprise tenant's bucket (src/modules/plans/plans.ts): the bench's tenants are Enterprise.
const BURST = 20_000;
const PER_MINUTE = 10_000;

type Principal = { tenantId: string };
type Issuer = { didId: string; kid: string; key: KeyObject };
type Block = { listId: string; next: number; end: number };

// The service's pool size (src/db/database.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const keys = createKeyEncryption(Buffer.from(process.env.KEY_ENCRYPTION_KEY!, 'base64'));
const limiter: RateLimiterAbstract = process.env.REDIS_URL
  ? new RateLimiterRedis({
      storeClient: new Redis(process.env.REDIS_URL, { enableOfflineQueue: false }),
      keyPrefix: `baseline-${process.pid}`,
      points: BURST,
      duration: Math.ceil((BURST / PER_MINUTE) * 60),
    })
  : new RateLimiterMemory({ points: BURST, duration: Math.ceil((BURST / PER_MINUTE) * 60) });

const principals = new Map<string, Promise<Principal | null>>();
const issuers = new Map<string, Promise<Issuer | null>>();
const blocks = new Map<string, Block>();
const reserving = new Map<string, Promise<Block>>();

function principalFor(token: string): Promise<Principal | null> {
  const hash = createHash('sha256').update(token).digest();
  const key = hash.toString('hex');
  let found = principals.get(key);
  if (!found) {
    found = pool
      .query<{ tenant_id: string }>('SELECT tenant_id FROM sessions WHERE token_hash = $1 AND expires_at > now()', [
        hash,
      ])
      .then(({ rows }) => (rows[0] ? { tenantId: rows[0].tenant_id } : null));
    principals.set(key, found);
  }
  return found;
}

function issuerFor(tenantId: string, did: string): Promise<Issuer | null> {
  const cacheKey = `${tenantId}:${did}`;
  let found = issuers.get(cacheKey);
  if (!found) {
    found = pool
      .query<{ id: string; private_key_ciphertext: Buffer }>(
        'SELECT id, private_key_ciphertext FROM dids WHERE tenant_id = $1 AND did = $2 AND deactivated_at IS NULL',
        [tenantId, did],
      )
      .then(({ rows }) => {
        const row = rows[0];
        if (!row) return null;
        const pkcs8 = keys.decrypt(row.private_key_ciphertext, keyAadFor(tenantId, did));
        const key = createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' });
        return { didId: row.id, kid: `${did}#${did.slice('did:key:'.length)}`, key };
      });
    issuers.set(cacheKey, found);
  }
  return found;
}

/** The next status index of the issuer's bitstring list: a block of 64 consecutive slots per UPDATE. */
async function statusSlot(tenantId: string, didId: string): Promise<{ listId: string; index: number }> {
  for (;;) {
    const block = blocks.get(didId);
    if (block && block.next < block.end) return { listId: block.listId, index: block.next++ };
    let pending = reserving.get(didId);
    if (!pending) {
      pending = reserve(tenantId, didId).finally(() => reserving.delete(didId));
      reserving.set(didId, pending);
      blocks.set(didId, await pending);
    } else {
      await pending;
    }
  }
}

async function reserve(tenantId: string, didId: string): Promise<Block> {
  const taken = await pool.query<{ id: string; first: number; last: number }>({
    name: 'baseline-reserve',
    text: `UPDATE status_lists SET next_index = next_index + $3
           WHERE id = (SELECT id FROM status_lists WHERE tenant_id = $1 AND did_id = $2 AND format = 'bitstring'
                       AND next_index + $3 <= size ORDER BY created_at DESC LIMIT 1 FOR UPDATE)
           RETURNING id, next_index - $3 AS first, next_index AS last`,
    values: [tenantId, didId, RESERVATION_BLOCK],
  });
  if (taken.rows[0]) return { listId: taken.rows[0].id, next: taken.rows[0].first, end: taken.rows[0].last };
  const created = await pool.query<{ id: string }>(
    `INSERT INTO status_lists (id, tenant_id, did_id, format, size, next_index, bits, index_key)
     VALUES (gen_random_uuid(), $1, $2, 'bitstring', $3, $4, decode(repeat('00', $3 / 8), 'hex'), $5) RETURNING id`,
    [tenantId, didId, STATUS_LIST_SIZE, RESERVATION_BLOCK, Buffer.alloc(32)],
  );
  return { listId: created.rows[0]!.id, next: 0, end: RESERVATION_BLOCK };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signJwtVc(
  issuer: Issuer,
  did: string,
  body: IssueBody,
  id: string,
  now: Date,
  statusUrl: string,
  index: number,
) {
  const iat = Math.floor(now.getTime() / 1000);
  const header = base64url({ alg: 'EdDSA', typ: 'JWT', kid: issuer.kid });
  const payload = base64url({
    iss: did,
    ...(body.subject_id && { sub: body.subject_id }),
    jti: `urn:uuid:${id}`,
    iat,
    nbf: iat,
    vc: {
      '@context': ['https://www.w3.org/2018/credentials/v1', 'https://www.w3.org/ns/credentials/status/v1'],
      type: ['VerifiableCredential', body.type],
      credentialSubject: { ...(body.subject_id && { id: body.subject_id }), ...body.claims },
      credentialStatus: {
        id: `${statusUrl}#${index}`,
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListIndex: String(index),
        statusListCredential: statusUrl,
      },
    },
  });
  const signature = sign(null, Buffer.from(`${header}.${payload}`), issuer.key).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

type IssueBody = { format: string; issuer: string; subject_id?: string; claims: Record<string, unknown>; type: string };

function reply(response: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

async function issue(request: http.IncomingMessage, response: http.ServerResponse, raw: string) {
  const token = request.headers.authorization?.replace(/^Bearer /, '');
  const principal = token ? await principalFor(token) : null;
  if (!principal) return reply(response, 401, { error: 'unauthorized' });
  try {
    await limiter.consume(principal.tenantId);
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return reply(response, 429, { error: 'rate limit exceeded' });
  }
  const body = JSON.parse(raw) as IssueBody;
  if (body.format !== 'jwt_vc_json') return reply(response, 400, { error: 'the baseline issues jwt_vc_json only' });
  const issuer = await issuerFor(principal.tenantId, body.issuer);
  if (!issuer) return reply(response, 404, { error: 'DID not found' });
  const slot = await statusSlot(principal.tenantId, issuer.didId);
  const now = new Date();
  const id = uuidV7(now.getTime()); // time-ordered, as the service's (prisma/migrations/20261128090000_time_ordered_ids)
  const statusUrl = `http://${request.headers.host}/v1/status-lists/${slot.listId}`;
  const credential = signJwtVc(issuer, body.issuer, body, id, now, statusUrl, slot.index);
  const view = {
    id,
    format: 'jwt_vc_json',
    credential,
    issuer: body.issuer,
    credential_type: body.type,
    subject_id: body.subject_id ?? null,
    status: { type: 'BitstringStatusListEntry', uri: statusUrl, index: slot.index },
    issued_at: now.toISOString(),
    expires_at: null,
    revoked_at: null,
  };
  const month = now.toISOString().slice(0, 7);
  const claimNames = Object.keys(body.claims);
  const event = { credential_id: id, format: 'jwt_vc_json', issuer: body.issuer, issued_at: view.issued_at };
  const { rows } = await pool.query<{ inserted: number }>({
    name: 'issue-credential',
    text: ISSUE_SQL,
    values: [
      principal.tenantId,
      month,
      Math.floor(Math.random() * UNLIMITED_SHARDS),
      issuer.didId,
      null,
      id,
      'jwt_vc_json',
      body.type,
      body.subject_id ?? null,
      slot.listId,
      slot.index,
      credential,
      now,
      null,
      JSON.stringify(event),
      null,
      null,
      null,
      claimNames,
      claimNames,
    ],
  });
  if (rows[0]?.inserted !== 1) return reply(response, 429, { error: 'quota reached' });
  reply(response, 200, view);
}

const server = http.createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/v1/credentials/issue')
    return reply(response, 404, { error: 'not found' });
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    issue(request, response, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => {
      reply(response, 500, { error: String(error) });
    });
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address() as { port: number };
  console.log(JSON.stringify({ msg: 'baseline listening', url: `http://127.0.0.1:${address.port}` }));
});
const stop = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
