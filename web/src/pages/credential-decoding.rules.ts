// A credential taken apart in the browser, for people to read: a JWT's JOSE header and payload (RFC 7515
// compact serialisation), and an SD-JWT's issuer-signed JWT, its disclosures and its key binding JWT (RFC 9901
// §4: `<JWT>~<disclosure>~…~<KB-JWT or nothing>`). Nothing is verified here: the verify page asks the service.

export type DecodedJwt = { header: Record<string, unknown>; payload: Record<string, unknown> };

/** An object property's disclosure is [salt, name, value]; an array element's is [salt, value]. */
export type Disclosure = { encoded: string; salt: string; name: string | null; value: unknown };

export type DecodedCredential =
  | { kind: 'jwt'; jwt: DecodedJwt }
  | { kind: 'sd-jwt'; jwt: DecodedJwt; disclosures: Disclosure[]; keyBinding: DecodedJwt | null };

export class DecodeError extends Error {}

/** base64url (RFC 4648 §5, unpadded) to UTF-8 text. */
export function base64UrlText(part: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw new DecodeError('not base64url');
  const base64 = part
    .replaceAll('-', '+')
    .replaceAll('_', '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

function jsonOf(part: string, what: string): unknown {
  try {
    return JSON.parse(base64UrlText(part));
  } catch {
    throw new DecodeError(`its ${what} is not base64url-encoded JSON`);
  }
}

function objectOf(part: string, what: string): Record<string, unknown> {
  const value = jsonOf(part, what);
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new DecodeError(`its ${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

/** A compact JWS: header.payload.signature. */
export function decodeJwt(jwt: string, what = 'JWT'): DecodedJwt {
  const parts = jwt.split('.');
  if (parts.length !== 3) throw new DecodeError(`the ${what} does not have three parts`);
  return { header: objectOf(parts[0]!, `${what}'s header`), payload: objectOf(parts[1]!, `${what}'s payload`) };
}

export function decodeDisclosure(encoded: string): Disclosure {
  const value = jsonOf(encoded, 'disclosure');
  if (!Array.isArray(value) || typeof value[0] !== 'string' || (value.length !== 2 && value.length !== 3)) {
    throw new DecodeError('a disclosure is not [salt, name, value] or [salt, value]');
  }
  if (value.length === 3) {
    if (typeof value[1] !== 'string') throw new DecodeError('a disclosure’s claim name is not a string');
    return { encoded, salt: value[0], name: value[1], value: value[2] };
  }
  return { encoded, salt: value[0], name: null, value: value[1] };
}

/** The credential as issued or presented: a JWT (jwt_vc_json), or an SD-JWT when it holds a `~`. */
export function decodeCredential(text: string): DecodedCredential {
  const credential = text.trim();
  if (!credential.includes('~')) return { kind: 'jwt', jwt: decodeJwt(credential) };
  const parts = credential.split('~');
  // The last part is the KB-JWT when present; an SD-JWT without one ends with `~` (an empty last part).
  const last = parts.pop()!;
  const [issuerJwt, ...disclosures] = parts;
  return {
    kind: 'sd-jwt',
    jwt: decodeJwt(issuerJwt!, 'issuer-signed JWT'),
    disclosures: disclosures.filter((part) => part !== '').map(decodeDisclosure),
    keyBinding: last === '' ? null : decodeJwt(last, 'key binding JWT'),
  };
}

/** decodeCredential, or the reason it could not (for the page to show instead). */
export function tryDecodeCredential(
  text: string,
): { ok: true; decoded: DecodedCredential } | { ok: false; problem: string } {
  try {
    return { ok: true, decoded: decodeCredential(text) };
  } catch (error) {
    if (error instanceof DecodeError)
      return { ok: false, problem: `The credential could not be decoded: ${error.message}.` };
    throw error;
  }
}
