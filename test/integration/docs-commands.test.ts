// The command blocks of docs/*.md marked `<!-- run -->`, run as a reader would paste them: each file's blocks in
// order, in one bash with curl and jq, against a running service (the README's walkthrough has its own file,
// readme-walkthrough.test.ts). Only the base address and the names that must be unique in a shared database are
// changed. Each file's answers are checked for what its text says they show; a file with run blocks and no
// checks here fails, so a new example cannot go untested.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { uniqueSuffix } from '../support/factories.js';
import { commandBlocks, ROOT, scriptFor } from '../support/doc-commands.js';

const run = promisify(execFile);
const haveTools = await Promise.all(
  ['curl', 'jq', 'openssl'].map((tool) =>
    run('which', [tool]).then(
      () => true,
      () => false,
    ),
  ),
);

type Ran = { stdout: string; answers: any[]; suffix: string };

/** What each file's run blocks must show, in the words of the file's own comments. */
const CHECKS: Record<string, (ran: Ran) => void> = {
  'docs/api.md': ({ stdout, answers }) => {
    expect(answers).toContainEqual({ dids: 1, next_cursor: null });
    expect(answers).toContainEqual(expect.objectContaining({ error: 'limit must be an integer between 1 and 100' }));
    expect(answers).toContainEqual(expect.objectContaining({ error: 'unknown field: key_typ' }));
    const issued = answers.filter((answer) => answer.subject_id === 'did:example:alice');
    expect(issued).toHaveLength(2);
    expect(issued[1].id).toBe(issued[0].id);
    expect(stdout).toMatch(/^idempotent-replayed: true\r?$/im);
    expect(answers).toContainEqual(
      expect.objectContaining({ error: 'Idempotency-Key was already used with a different request' }),
    );
    expect(answers).toContainEqual({ credentials_issued_this_month: 1 });
  },
  'docs/access.md': ({ answers }) => {
    expect(answers).toContainEqual({ plan: 'business', changed: true });
    expect(answers).toContainEqual({ role: 'auditor', token: 'bsi_…' });
    expect(answers.find((answer) => 'error' in answer)?.error).toEqual(expect.any(String));
    expect(answers.filter((answer) => 'seq' in answer).map((answer) => answer.action)).toEqual([
      'member.invited',
      'role.created',
      'plan.changed',
    ]);
    // The sign-up is the tenant's first entry (seq 1), before the three above.
    expect(answers).toContainEqual({ valid: true, events_checked: 4, first_break: null });
  },
  'docs/trust.md': ({ stdout, answers }) => {
    const verdicts = answers.filter((answer) => 'verified' in answer);
    expect(verdicts.map((verdict) => [verdict.verified, verdict.trust.status])).toEqual([
      [false, 'failed'],
      [true, 'passed'],
    ]);
    expect(verdicts[1].trust.detail).toBe('score 90 at level high from 1 attestation(s)');
    expect(answers).toContainEqual({ score: 90, count: 1, highest_assurance_level: 'high' });
    expect(answers).toContainEqual(expect.objectContaining({ score: 90, status: 'active' }));
    expect(stdout).toMatch(/^content-type: application\/trust-list\+jwt/im);
  },
  'docs/compliance.md': ({ answers }) => {
    expect(answers.filter((answer) => 'adopted' in answer && 'counts' in answer)).toHaveLength(7);
    expect(answers).toContainEqual({ personal_claims: ['birth_date'], key_rotation_days: 365 });
    expect(answers).toContainEqual({ id: 'gdpr', adopted: true });
    expect(answers.find((answer) => 'error' in answer).error).toMatch(/^refused by gdpr Art\. 5\(1\)\(c\): /);
    expect(answers).toContainEqual(expect.objectContaining({ format: 'vc+sd-jwt' }));
    expect(answers).toContainEqual(expect.objectContaining({ framework: 'gdpr' }));
    expect(answers).toContainEqual({ subject_id: 'did:example:alice', claims: [{ birth_date: '1990-01-01' }] });
    expect(answers).toContainEqual({ credentials_erased: 1, credentials_revoked: 1 });
  },
  'docs/didcomm.md': ({ answers }) => {
    expect(answers).toContainEqual({ direction: 'outbound', packing: 'authcrypt', delivery: 'inbox' });
    expect(answers).toContainEqual({
      direction: 'inbound',
      type: 'https://didcomm.org/basicmessage/2.0/message',
      body: { content: 'Hello, Bob' },
    });
  },
  'docs/oid4vp.md': ({ answers }) => {
    expect(answers).toContainEqual(
      expect.objectContaining({ status: 'pending', response_mode: 'direct_post.jwt', qr: '<svg…' }),
    );
    expect(answers).toContainEqual({ typ: 'oauth-authz-req+jwt', alg: 'EdDSA' });
    expect(answers).toContainEqual({
      response_type: 'vp_token',
      response_mode: 'direct_post.jwt',
      enc: ['A128GCM', 'A256GCM'],
    });
    expect(answers).toContainEqual({ status: 'pending', purpose: 'degree check', link: null });
    expect(answers).toContainEqual({ status: 'cancelled' });
  },
  'docs/webhooks.md': ({ answers }) => {
    expect(answers).toContainEqual({
      type: 'credential.issued',
      data: { format: 'jwt_vc_json', subject_id: 'did:example:alice' },
    });
    expect(answers.find((answer) => 'error' in answer).error).toMatch(/^webhook url not allowed: /);
  },
  'docs/oid4vci.md': ({ answers }) => {
    expect(answers).toContainEqual({ configuration_id: 'Degree', format: 'dc+sd-jwt' });
    expect(answers).toContainEqual(
      expect.objectContaining({ state: 'offered', tx_code_value: expect.stringMatching(/^\d{6}$/) }),
    );
    expect(answers).toContainEqual(expect.objectContaining({ configurations: ['Degree'] }));
    expect(answers).toContainEqual({
      vct: 'https://credentials.example.com/degree',
      cnf: { jwk: { kty: 'OKP', crv: 'Ed25519', x: expect.any(String) } },
    });
    expect(answers).toContainEqual({ state: 'credential_issued', issued: 1 });
    expect(answers).toContainEqual({
      error: 'invalid_grant',
      error_description: 'the pre-authorized code was already used',
    });
  },
  'docs/operating.md': ({ stdout, answers }) => {
    expect(answers).toContainEqual({ status: 'ok' });
    expect(answers).toContainEqual({ status: 'ready', database: 'up', migrations: 'up' });
    expect(stdout).toMatch(/^http_requests_total\{/m);
  },
};

const files = (await readdir(path.join(ROOT, 'docs'))).filter((file) => file.endsWith('.md')).map((f) => `docs/${f}`);
const runnable: string[] = [];
for (const file of files) if ((await commandBlocks(file)).some((block) => block.marker === 'run')) runnable.push(file);

let app: TestApp;
let workDir: string;
beforeAll(async () => {
  app = await startTestApp();
  workDir = await mkdtemp(path.join(tmpdir(), 'docs-commands-'));
  // curl prints answers without a final newline; one after each (a .curlrc of this run's own) keeps them apart.
  await writeFile(path.join(workDir, '.curlrc'), 'write-out = "\\n"\n');
});
afterAll(async () => {
  await app?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('the command blocks of docs/*.md', () => {
  it('has checks for exactly the files with run blocks', () => {
    expect(runnable.sort()).toEqual(Object.keys(CHECKS).sort());
  });

  it.skipIf(!haveTools.every(Boolean)).each(runnable)(
    '%s: its run blocks, in order, answer as the file says',
    async (file) => {
      const suffix = uniqueSuffix();
      const blocks = (await commandBlocks(file)).filter((block) => block.marker === 'run');
      expect(blocks[0]?.code).toContain('B=http://localhost:8080');
      const { stdout, stderr } = await run(
        'bash',
        ['--norc', '--noprofile', '-euo', 'pipefail', '-c', scriptFor(blocks, app.url, suffix)],
        { cwd: workDir, timeout: 60_000, env: { PATH: process.env.PATH, CURL_HOME: workDir } },
      );
      expect(stderr).toBe('');
      const answers = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line));
      CHECKS[file]!({ stdout, answers, suffix });
    },
    90_000,
  );
});
