// The README's ten-minute walk-through, run as a newcomer would paste it: every block marked `<!-- run -->`, in
// order, in one bash with curl and jq, against a running service; then the blocks that sign in and take a DID
// again on the same service, as a newcomer pasting them a second time would (the email is taken and the plan's
// one DID exists by then). The wallet block runs Node.js on the checkout's packages, as in a clone: the run's
// directory links to its node_modules. Only the base address (the test's port) and the names that must be unique
// in a shared database are changed. If the README and the service drift apart, this fails.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { uniqueSuffix } from '../support/factories.js';
import { commandBlocks, ROOT, scriptFor } from '../support/doc-commands.js';

const run = promisify(execFile);
const haveTools = await Promise.all(
  ['curl', 'jq'].map((tool) =>
    run('which', [tool]).then(
      () => true,
      () => false,
    ),
  ),
);

let app: TestApp;
let workDir: string;
beforeAll(async () => {
  app = await startTestApp();
  workDir = await mkdtemp(path.join(tmpdir(), 'readme-walkthrough-'));
  // curl prints answers without a final newline; one after each (a .curlrc of this run's own) keeps them apart.
  await writeFile(path.join(workDir, '.curlrc'), 'write-out = "\\n"\n');
  // A newcomer pastes the blocks in the clone, where `node --input-type=module` finds the packages it imports.
  await symlink(path.join(ROOT, 'node_modules'), path.join(workDir, 'node_modules'), 'dir');
});
afterAll(async () => {
  await app?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function bash(script: string): Promise<{ stdout: string; answers: any[] }> {
  const { stdout, stderr } = await run('bash', ['--norc', '--noprofile', '-euo', 'pipefail', '-c', script], {
    cwd: workDir,
    timeout: 60_000,
    env: { PATH: process.env.PATH, CURL_HOME: workDir },
  });
  expect(stderr).toBe('');
  const answers = stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
  return { stdout, answers };
}

const dids = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('did:'));

describe.skipIf(!haveTools.every(Boolean))('the README walk-through', () => {
  it('reaches a verified credential in both formats, a revocation, an API key and usage, over REST and GraphQL, a wallet that redeems an offer and presents it; a second run signs in and takes the DID it made', async () => {
    const suffix = uniqueSuffix();
    const blocks = (await commandBlocks('README.md')).filter((block) => block.marker === 'run');
    expect(blocks[0]?.code).toContain('B=http://localhost:8080');

    const first = await bash(scriptFor(blocks, app.url, suffix));
    const verifications = first.answers.filter((answer) => 'verified' in answer);
    expect(verifications.map((answer) => [answer.format, answer.verified])).toEqual([
      ['jwt_vc_json', true],
      ['vc+sd-jwt', true],
      ['jwt_vc_json', false],
    ]);
    expect(verifications[1].disclosed).toEqual(['/degree']);
    expect(verifications[2].checks.find((check: { name: string }) => check.name === 'status').status).toBe('failed');
    expect(first.stdout).toContain('HTTP/1.1 200 OK'); // the public status list
    expect(first.answers).toContainEqual(expect.objectContaining({ error: 'API key missing scope: credentials:list' }));
    expect(first.answers).toContainEqual(
      expect.objectContaining({ plan: 'developer', credentials_issued_this_month: 2 }),
    );
    const graphqlVerify = first.answers.find((answer) => answer.data?.verifyCredential);
    expect(graphqlVerify.data.verifyCredential).toMatchObject({ verified: true, format: 'vc_sd_jwt' });
    expect(first.answers.find((answer) => answer.data?.usage).data.usage.credentialsIssuedThisMonth).toBe(1);
    // Into a wallet and back: the offer's link, the credential the wallet received, its answer, the verdict.
    expect(first.stdout).toMatch(/^openid-credential-offer:\/\/\?credential_offer_uri=http/m);
    expect(first.answers).toContainEqual({
      vct: 'https://credentials.example.com/degree',
      name: 'Alice',
      degree: 'BSc',
    });
    expect(first.stdout).toMatch(/^200 \{\}$/m);
    expect(first.answers).toContainEqual({
      status: 'verified',
      holder: expect.stringMatching(/^did:key:z6Mk/),
      presentations: [{ claims: { degree: 'BSc' }, failed: [] }],
    });

    // Pasted again: register answers 409, so the blocks sign in; the plan's one DID exists, so they take it.
    const again = blocks.filter((block) => /auth\/register|\/v1\/dids|gql\(\)/.test(block.code));
    expect(again).toHaveLength(3);
    const second = await bash(scriptFor(again, app.url, suffix));
    expect(second.answers).toContainEqual(
      expect.objectContaining({ email: `ada-${suffix}@example.com`, role: 'owner' }),
    );
    expect(dids(second.stdout)).toEqual(dids(first.stdout));
    expect(second.answers.find((answer) => answer.data?.verifyCredential).data.verifyCredential).toMatchObject({
      verified: true,
    });
    expect(second.answers.filter((answer) => answer.error ?? answer.errors)).toEqual([]);
  }, 120_000);
});
