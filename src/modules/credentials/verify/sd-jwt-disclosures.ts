// Disclosure processing of RFC 9901 §7.1 step 3–5, written out rather than delegated: @sd-jwt/core
// 0.19 and @meeco/sd-jwt 1.2 both silently drop a Disclosure that no digest references (and accept one
// sent twice), where §7.1 step 5 says the SD-JWT MUST be rejected (see test/unit/verify.test.ts).
import { createHash } from 'node:crypto';
import { decodeBase64url, isRecord, parseJson } from './compact-jws.js';
import { pointerToken } from './verified-content.js';

export type Disclosure = { encoded: string; digest: string; contents: unknown };

export type DisclosureOutcome =
  | {
      ok: true;
      payload: Record<string, unknown>;
      /** Top-level claims that are, or contain, a disclosed value. */
      disclosedUnder: Set<string>;
      /** RFC 6901 JSON Pointers into the processed payload of every disclosed value, in payload order. */
      disclosed: string[];
      count: number;
    }
  | { ok: false; reason: string };

/** Nesting far beyond any real credential is refused instead of risking the stack. */
const MAX_DEPTH = 64;

/** RFC 9901 §4.2.3: the digest is over the base64url string as sent, not over its decoded bytes. */
export const sdHash = (ascii: string) => createHash('sha256').update(ascii, 'ascii').digest('base64url');

/** Decodes one Disclosure; undecodable text is malformed input (throws), a wrong shape is a rejection. */
export function decodeDisclosure(encoded: string, position: number): Disclosure {
  const contents = parseJson(decodeBase64url(encoded, `disclosure ${position}`), `disclosure ${position}`);
  return { encoded, digest: sdHash(encoded), contents };
}

class Rejection extends Error {}

/** Own property even for "__proto__", so a disclosed claim name cannot reach the prototype. */
function define(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const describe = (d: Disclosure) => {
  const c = d.contents as unknown[];
  return Array.isArray(c) && c.length === 3 ? `disclosure of "${String(c[1])}"` : `disclosure ${d.digest}`;
};

export function processDisclosures(
  issuerPayload: Record<string, unknown>,
  disclosures: Disclosure[],
): DisclosureOutcome {
  // §4.1.1 / §7.1 step 2.4: absent means sha-256, the only hash we accept.
  const sdAlg = issuerPayload._sd_alg;
  if (sdAlg !== undefined && sdAlg !== 'sha-256') {
    return { ok: false, reason: `_sd_alg ${JSON.stringify(sdAlg)} is not supported (only sha-256)` };
  }
  const byDigest = new Map<string, Disclosure>();
  for (const disclosure of disclosures) {
    const shape = shapeProblem(disclosure.contents);
    if (shape) return { ok: false, reason: `${describe(disclosure)}: ${shape}` };
    if (byDigest.has(disclosure.digest)) return { ok: false, reason: `${describe(disclosure)} is sent twice` };
    byDigest.set(disclosure.digest, disclosure);
  }

  const seen = new Set<string>();
  const used = new Map<string, string>(); // digest → top-level claim it sits under
  const disclosedUnder = new Set<string>();
  const disclosed: string[] = [];

  const noteDigest = (digest: string) => {
    if (seen.has(digest)) throw new Rejection(`digest ${digest} appears more than once (RFC 9901 §7.1 step 4)`);
    seen.add(digest);
  };

  // `path` is the JSON Pointer, in the processed payload, of the value being built.
  const value = (input: unknown, root: string | null, path: string, depth: number): unknown => {
    if (depth > MAX_DEPTH) throw new Rejection(`claims are nested more than ${MAX_DEPTH} levels deep`);
    if (Array.isArray(input)) return array(input, root, path, depth);
    if (isRecord(input)) return object(input, root, path, depth);
    return input;
  };

  // §7.1 step 3.3.2: digests in an object's _sd array become claims at that level.
  const object = (input: Record<string, unknown>, root: string | null, path: string, depth: number) => {
    const output: Record<string, unknown> = {};
    for (const key of Object.keys(input)) {
      if (key !== '_sd') define(output, key, value(input[key], root ?? key, `${path}/${pointerToken(key)}`, depth + 1));
    }
    const sd = input._sd;
    if (sd === undefined) return output;
    if (!Array.isArray(sd) || !sd.every((d) => typeof d === 'string')) {
      throw new Rejection('_sd is not an array of digest strings');
    }
    for (const digest of sd as string[]) {
      noteDigest(digest);
      const disclosure = byDigest.get(digest);
      if (!disclosure) continue; // a decoy, or a claim the holder chose not to disclose
      const contents = disclosure.contents as unknown[];
      if (contents.length !== 3) throw new Rejection(`array-element disclosure ${digest} is referenced from _sd`);
      const name = contents[1] as string;
      if (Object.hasOwn(output, name)) throw new Rejection(`disclosed claim "${name}" already exists at its level`);
      used.set(digest, root ?? name);
      const pointer = `${path}/${pointerToken(name)}`;
      disclosed.push(pointer);
      define(output, name, value(contents[2], root ?? name, pointer, depth + 1));
    }
    return output;
  };

  // §7.1 step 3.3.3 and 3.4: {"...": digest} elements are replaced, or removed when not disclosed.
  const array = (input: unknown[], root: string | null, path: string, depth: number) => {
    const output: unknown[] = [];
    for (const element of input) {
      const digest = isRecord(element) && Object.keys(element).length === 1 ? element['...'] : undefined;
      // Pointers index the processed array, from which undisclosed elements are gone.
      const pointer = `${path}/${output.length}`;
      if (typeof digest !== 'string') {
        output.push(value(element, root, pointer, depth + 1));
        continue;
      }
      noteDigest(digest);
      const disclosure = byDigest.get(digest);
      if (!disclosure) continue;
      const contents = disclosure.contents as unknown[];
      if (contents.length !== 2)
        throw new Rejection(`object-property ${describe(disclosure)} is referenced from an array`);
      used.set(digest, root ?? '');
      disclosed.push(pointer);
      output.push(value(contents[1], root, pointer, depth + 1));
    }
    return output;
  };

  let payload: Record<string, unknown>;
  try {
    payload = object(issuerPayload, null, '', 0);
  } catch (error) {
    if (error instanceof Rejection) return { ok: false, reason: error.message };
    throw error;
  }
  delete payload._sd_alg; // §7.1 step 3.6

  // §7.1 step 5: the rule common libraries skip. A disclosure nobody references is a forgery or a
  // mistake, and either way the SD-JWT MUST be rejected.
  for (const disclosure of disclosures) {
    const root = used.get(disclosure.digest);
    if (root === undefined) {
      return {
        ok: false,
        reason: `${describe(disclosure)} is not referenced by any digest in the issuer-signed JWT (RFC 9901 §7.1 step 5)`,
      };
    }
    disclosedUnder.add(root);
  }
  return { ok: true, payload, disclosedUnder, disclosed, count: disclosures.length };
}

/** RFC 9901 §4.2.1–4.2.2: [salt, name, value] for an object property, [salt, value] for an array element. */
function shapeProblem(contents: unknown): string | null {
  if (!Array.isArray(contents) || (contents.length !== 2 && contents.length !== 3)) {
    return 'is not a JSON array of 2 or 3 elements';
  }
  if (typeof contents[0] !== 'string') return 'salt is not a string';
  if (contents.length === 3) {
    if (typeof contents[1] !== 'string') return 'claim name is not a string';
    if (contents[1] === '_sd' || contents[1] === '...') return `claim name "${contents[1]}" is reserved`;
  }
  return null;
}
