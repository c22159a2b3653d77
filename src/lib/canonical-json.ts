// The JSON Canonicalization Scheme (RFC 8785, JCS): one text per JSON value whatever order its object members
// came in, so a digest of it can be recomputed from any copy of the value (a jsonb column reorders keys).
import canonicalizeModule from 'canonicalize';

// canonicalize is CommonJS (`module.exports = serialize`), so Node's default import is the function itself;
// its typings say `export default`, which TypeScript reads as a property of that export.
const canonicalize = canonicalizeModule as unknown as (input: unknown) => string | undefined;

/** The JCS text of a JSON value (undefined members are left out, as JSON.stringify does). */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('not a JSON value');
  return text;
}
