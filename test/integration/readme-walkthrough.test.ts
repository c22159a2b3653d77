// The README's ten-minute walk-through, run as a newcomer would paste it: every `sh` block of that section,
// in order, in one bash with curl and jq, against a running service. Only the base address (the test's
// port) and the names that must be unique in a shared database are changed. If the README and the service
// drift apart, this fails.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { uniqueSuffix } from '../support/factories.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const haveTools = await Promise.all(
  ['curl', 'jq'].map((tool) =>
    run('which', [tool]).then(
      () => true,
      () => false,
    ),
  ),
);

/** The shell of the README section that starts with `heading`, up to the next `## `. */
async function walkthrough(heading: string): Promise<string> {
  const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n${heading}\n`);
  expect(start, `README has a section "${heading}"`).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) => block[1]).join('\n');
}

let app: TestApp;
let workDir: string;
beforeAll(async () => {
  app = await startTestApp();
  workDir = await mkdtemp(path.join(tmpdir(), 'readme-walkthrough-'));
});
afterAll(async () => {
  await app?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe.skipIf(!haveTools.every(Boolean))('the README walk-through', () => {
  it('reaches a verified credential in both formats, a revocation, an API key and usage, over REST and GraphQL', async () => {
    const suffix = uniqueSuffix();
    let script = await walkthrough('## Ten minutes: from nothing to a verified credential');
    expect(script).toContain('B=http://localhost:8080');
    script = script
      .replace('B=http://localhost:8080', `B=${app.url}`)
      .replaceAll(/([a-z]+)@example\.com/g, `$1-${suffix}@example.com`)
      .replaceAll('"analytical-engines"', `"analytical-engines-${suffix}"`)
      .replaceAll('"compilers"', `"compilers-${suffix}"`);
    // curl prints answers without a final newline; one after each (a .curlrc of this run's own) keeps them apart.
    await writeFile(path.join(workDir, '.curlrc'), 'write-out = "\\n"\n');
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
    const verifications = answers.filter((answer) => 'verified' in answer);
    expect(verifications.map((answer) => [answer.format, answer.verified])).toEqual([
      ['jwt_vc_json', true],
      ['vc+sd-jwt', true],
      ['jwt_vc_json', false],
    ]);
    expect(verifications[1].disclosed).toEqual(['/degree']);
    expect(verifications[2].checks.find((check: { name: string }) => check.name === 'status').status).toBe('failed');
    expect(stdout).toContain('HTTP/1.1 200 OK'); // the public status list
    expect(answers).toContainEqual(expect.objectContaining({ error: 'API key missing scope: credentials:list' }));
    expect(answers).toContainEqual(expect.objectContaining({ plan: 'developer', credentials_issued_this_month: 2 }));
    const graphqlVerify = answers.find((answer) => answer.data?.verifyCredential);
    expect(graphqlVerify.data.verifyCredential).toMatchObject({ verified: true, format: 'vc_sd_jwt' });
    expect(answers.find((answer) => answer.data?.usage).data.usage.credentialsIssuedThisMonth).toBe(1);
  }, 60_000);
});
