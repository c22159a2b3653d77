// The documentation's links hold: in README.md and docs/*.md every relative link names a file of the repository,
// every anchor (#…) one a heading of its target produces (GitHub's rules: the heading's text, lowercase,
// punctuation removed, spaces to '-', a repeated one with -1, -2…), and every external link is a well-formed
// http(s) or mailto URL (its syntax only: the suite runs without a network). Lines are at most 120 characters,
// so that the files read in a terminal and diff line by line.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandBlocks, ROOT } from '../support/doc-commands.js';

const FILES = [
  'README.md',
  ...(await readdir(path.join(ROOT, 'docs'))).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
];

/** The file without fenced blocks and inline code, line numbers kept. */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (line.startsWith('```')) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

/** GitHub's anchor of a heading's text. */
export function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image: its text
    .replace(/[`*_]/g, (c) => (c === '_' ? '_' : '')) // emphasis and code marks go, underscores stay
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor the file's headings produce. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+?)#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1] ?? '');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

type Link = { file: string; line: number; target: string };

async function links(file: string): Promise<Link[]> {
  // Over the whole text, not line by line: a link's text may wrap onto the next line.
  const text = prose(await readFile(path.join(ROOT, file), 'utf8')).join('\n');
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]*)(?:\s+"[^"]*")?\)/g)].map((m) => ({
    file,
    line: text.slice(0, m.index).split('\n').length,
    target: m[1] ?? '',
  }));
}

async function problem({ file, target }: Link): Promise<string | null> {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    if (!/^(https?|mailto):/.test(target)) return 'not an http(s) or mailto link';
    try {
      const url = new URL(target);
      if (url.protocol !== 'mailto:' && !url.hostname.includes('.')) return 'no host';
    } catch {
      return 'not a URL';
    }
    return null;
  }
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const resolved = pathPart ? path.join(path.dirname(file), decodeURIComponent(pathPart)) : file;
  if (!existsSync(path.join(ROOT, resolved))) return `no file ${resolved}`;
  if (anchor === undefined) return null;
  if (!resolved.endsWith('.md')) return `an anchor into ${resolved}, which has no headings`;
  const found = anchors(await readFile(path.join(ROOT, resolved), 'utf8'));
  return found.has(anchor) ? null : `no heading of ${resolved} makes #${anchor}`;
}

describe('the documentation (README.md and docs/*.md)', () => {
  it('finds the files', () => {
    expect(FILES).toContain('README.md');
    expect(FILES.length).toBeGreaterThan(10);
  });

  it.each(FILES)('%s: every link resolves', async (file) => {
    const broken: string[] = [];
    for (const link of await links(file)) {
      const why = await problem(link);
      if (why) broken.push(`${link.file}:${link.line} (${link.target}): ${why}`);
    }
    expect(broken).toEqual([]);
  });

  it.each(FILES)('%s: lines are at most 120 characters', async (file) => {
    const lines = (await readFile(path.join(ROOT, file), 'utf8')).split('\n');
    const long = lines.flatMap((line, i) => ([...line].length > 120 ? [`${file}:${i + 1} (${[...line].length})`] : []));
    expect(long).toEqual([]);
  });

  it.each(FILES)('%s: every shell block is marked <!-- run --> or <!-- not-run: reason -->', async (file) => {
    const unmarked = (await commandBlocks(file)).filter(
      (block) => !block.marker || (block.marker === 'not-run' && !block.reason),
    );
    expect(unmarked.map((block) => `${file}:${block.line}`)).toEqual([]);
  });
});

describe('GitHub heading anchors', () => {
  it.each([
    ['Custom domains and did:web', 'custom-domains-and-didweb'],
    ['Ten minutes: from nothing to a verified credential', 'ten-minutes-from-nothing-to-a-verified-credential'],
    ['`eidas2`: eIDAS 2 (EU Digital Identity)', 'eidas2-eidas-2-eu-digital-identity'],
    ['Plans, limits and rate limits', 'plans-limits-and-rate-limits'],
    ['What a request may carry', 'what-a-request-may-carry'],
  ])('%s → #%s', (heading, anchor) => {
    expect(slug(heading)).toBe(anchor);
  });
});
