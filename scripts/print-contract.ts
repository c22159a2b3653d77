// Writes the derived contract files (scripts/contract-artifacts.ts): npm run contract.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contractArtifacts } from './contract-artifacts.js';

const root = new URL('..', import.meta.url).pathname;
for (const artifact of await contractArtifacts()) {
  const target = path.join(root, artifact.path);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, artifact.content);
  console.log(`wrote ${artifact.path}`);
}
