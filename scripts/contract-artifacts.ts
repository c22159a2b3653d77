// The files derived from the code that other software reads: the printed GraphQL schema, the OpenAPI
// document, the dashboard's generated GraphQL types, and the compliance guide's list of controls. They are
// committed (integrators and codegen read them without running the service), written by `npm run contract`, and
// a test fails when one is stale.
import { executeCodegen, loadCodegenConfig } from '@graphql-codegen/cli';
import { printedSchema, schema } from '../src/graphql/schema.js';
import { API_VERSION, buildOpenApiDocument } from '../src/rest/openapi.js';
import { ENDPOINTS } from '../src/rest/endpoints.js';
import { COMPLIANCE_DOC, complianceDocWithControls } from './compliance-doc.js';

export type Artifact = { path: string; content: string };

const root = new URL('..', import.meta.url);

export async function contractArtifacts(): Promise<Artifact[]> {
  const sdl = printedSchema();
  const openApi = `${JSON.stringify(buildOpenApiDocument(schema, ENDPOINTS, API_VERSION), null, 2)}\n`;
  const { config } = await loadCodegenConfig({ configFilePath: new URL('codegen.yml', root).pathname });
  // Generated from the schema as the code prints it, so a stale schema file cannot hide stale types.
  const { result, error } = await executeCodegen({ ...config, schema: sdl, cwd: root.pathname, silent: true });
  if (error) throw error;
  return [
    { path: 'src/graphql/schema.graphql', content: sdl },
    { path: 'docs/openapi.json', content: openApi },
    ...result.map((file) => ({ path: file.filename.replace(root.pathname, ''), content: file.content })),
    { path: COMPLIANCE_DOC, content: await complianceDocWithControls(new URL(COMPLIANCE_DOC, root)) },
  ];
}
