// The JSON Canonicalization Scheme (RFC 8785), written from the RFC so that tests check the service's digests
// with an implementation other than the one it uses. Input: a value as JSON.parse returns it.
//   - literals, strings and numbers serialize as ECMAScript's JSON.stringify does (§ 3.2.2: strings with the
//     shortest escapes, numbers by Number.prototype.toString, § 3.2.2.3), no whitespace (§ 3.2.1);
//   - object members sort by their names' UTF-16 code units, compared as unsigned integers (§ 3.2.3), which is
//     what JavaScript's default string comparison does (not Intl collation, not code points);
//   - array order is kept (§ 3.2.3).
export function jcs(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    // § 3.2.2.3: NaN and Infinity are not JSON; -0 serializes as 0 (JSON.stringify does both alike).
    if (!Number.isFinite(value)) throw new TypeError('JCS: not a JSON number');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(jcs).join(',')}]`;
  if (typeof value === 'object') {
    const names = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${names.map((name) => `${JSON.stringify(name)}:${jcs((value as Record<string, unknown>)[name])}`).join(',')}}`;
  }
  throw new TypeError(`JCS: ${typeof value} is not JSON`);
}
