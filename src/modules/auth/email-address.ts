// When two spellings of an email address are one account, and which spellings are refused. Pure: the input
// rules (auth.inputs.ts) and the uniqueness key use it.
//
// - Compatibility forms are the same address: the key is NFKC (UAX #15), so a full-width "ａｌｉｃｅ", a
//   ligature "ﬃ" or a decomposed "é" key like "alice", "ffi" and "é". The address is stored NFKC-normalized.
// - Case: RFC 5321 §2.4 lets a mail server treat local parts case-sensitively, but no major provider does, and
//   two accounts differing only in case would be told apart by nobody. The key is lower-cased as a whole,
//   while the stored address keeps the case it was typed in, which is what mail is sent to.
// - Scripts: NFKC does not map a Cyrillic "а" to a Latin "a"; they are different letters that look alike.
//   A local part or domain label may use one script, or one of the combinations UTS #39 §5.2 calls "Highly
//   Restrictive" (Latin with Han and Japanese kana, with Han and Bopomofo, or with Han and Hangul); Common
//   and Inherited characters (digits, punctuation, combining marks) go with any. An address written wholly
//   in one other script ("иван") is allowed: it is how people of that script write their names. A
//   whole-script look-alike of a Latin address ("аре" for "ape") is not refused by this rule: telling it
//   apart needs UTS #39's confusables table, which we do not carry.
// - Control and format characters (zero-width spaces, soft hyphens, bidi overrides) make invisible
//   differences and are refused.

/** The key under which an address is unique: NFKC, trimmed, lower-cased. */
export function emailKey(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

/** The address as stored: NFKC and trimmed, in the case it was typed. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim();
}

// The scripts an address is likely to be written in; any other letter counts as a script of its own
// ("other"), so mixing it with one of these is refused too.
const SCRIPTS = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Bengali', /\p{Script=Bengali}/u],
  ['Tamil', /\p{Script=Tamil}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Han', /\p{Script=Han}/u],
  ['Hiragana', /\p{Script=Hiragana}/u],
  ['Katakana', /\p{Script=Katakana}/u],
  ['Bopomofo', /\p{Script=Bopomofo}/u],
  ['Hangul', /\p{Script=Hangul}/u],
] as const;

const ANY_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** UTS #39 §5.2: the script sets a "Highly Restrictive" string may draw from besides a single script. */
const ALLOWED_COMBINATIONS: ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptOf(char: string): string | null {
  if (ANY_SCRIPT.test(char)) return null;
  for (const [name, pattern] of SCRIPTS) if (pattern.test(char)) return name;
  return 'other';
}

/** Whether `text` draws from more scripts than one, or than one of UTS #39's allowed combinations. */
export function mixesScripts(text: string): boolean {
  const scripts = new Set<string>();
  for (const char of text) {
    const script = scriptOf(char);
    if (script) scripts.add(script);
  }
  if (scripts.size <= 1) return false;
  return !ALLOWED_COMBINATIONS.some((allowed) => [...scripts].every((script) => allowed.has(script)));
}

/** Whether the address's local part or one of its domain's labels mixes scripts. */
export function emailMixesScripts(email: string): boolean {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  return [local, ...labels].some(mixesScripts);
}

/** Control (Cc) and format (Cf: zero-width, soft hyphen, bidi controls) characters. */
export const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}]/u;
