// Every JSON answer the harness receives (app.request) is checked against the published OpenAPI document
// (docs/openapi.json, which test/unit/contract-artifacts.test.ts keeps equal to what the code derives): the
// operation of its path and method must declare its status, and the body must match that status's schema.
// A response and its documentation then cannot drift apart unnoticed: the request that shows the drift fails.
// Paths and methods the document does not describe (a 404 for an unknown route, a 405) are not checked.
// OPENAPI_CHECK_LOG=<file> lists every mismatch of a run in that file instead of failing its request (a survey).
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with `exports.default`; Node's default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => void;

type Operation = { responses: Record<string, { content?: Record<string, { schema?: object }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: object };

const document: Document = JSON.parse(
  readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'),
) as Document;

// strict: false, for OpenAPI's own keywords beside JSON Schema's (`components` at the root of each compiled
// schema, so that its `#/components/schemas/…` references resolve; `example`).
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

/** The document's paths as patterns, literal ones first: `/v1/credentials/issue` before `/v1/credentials/{id}`. */
const routes = Object.keys(document.paths)
  .map((template) => ({
    template,
    parameters: (template.match(/\{/g) ?? []).length,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
  }))
  .sort((a, b) => a.parameters - b.parameters);

const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: object): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: document.components });
    validators.set(key, validate);
  }
  return validate;
}

/** What is wrong with this answer by the document, or null when it is what the document says (or says nothing of). */
export function openApiMismatch(
  method: string,
  target: string,
  status: number,
  contentType: string | null,
  body: unknown,
): string | null {
  if (!contentType || !/^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType)) return null;
  const path = decodeSafely(target.split('?')[0]!);
  const route = routes.find((candidate) => candidate.pattern.test(path));
  const operation = route && document.paths[route.template]![method.toLowerCase()];
  if (!route || !operation) return null;
  const where = `${method} ${route.template} → ${status}`;
  const response = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`];
  if (!response) return `${where}: the OpenAPI document declares no ${status} for this operation`;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  const content = response.content?.[mediaType] ?? response.content?.['application/json'];
  if (!content?.schema) return `${where}: the OpenAPI document declares no ${mediaType} body for this status`;
  const validate = validatorFor(`${where} ${mediaType}`, content.schema);
  if (validate(body)) return null;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map(
      (error) =>
        `${error.instancePath || '/'} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`,
    );
  return `${where}: the body does not match the OpenAPI document: ${errors.join('; ')}`;
}

function decodeSafely(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
