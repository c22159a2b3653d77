// The committed contract files are what the code derives, byte for byte: a change to a zod schema, a GraphQL
// type, the REST table or the dashboard's operations that was not followed by `npm run contract` fails here
// (and so in CI), instead of shipping a schema, an OpenAPI document or client types that lie.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { contractArtifacts } from '../../scripts/contract-artifacts.js';

const artifacts = await contractArtifacts();

describe('the derived contract files are committed and current (npm run contract)', () => {
  it("covers the schema, the OpenAPI document, the generated types and the compliance guide's controls", () => {
    expect(artifacts.map((artifact) => artifact.path).sort()).toEqual([
      'docs/compliance.md',
      'docs/openapi.json',
      'src/graphql/schema.graphql',
      'web/src/generated/graphql.ts',
    ]);
  });

  it.each(artifacts)('$path', async ({ path, content }) => {
    const committed = await readFile(new URL(`../../${path}`, import.meta.url), 'utf8').catch(() => '(missing)');
    expect(committed, `${path} is stale: run npm run contract`).toBe(content);
  });
});
