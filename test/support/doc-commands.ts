// The shell blocks of the README and docs/*.md, and which of them run against the service. A fenced block whose
// info string is a shell (`sh`, `bash`, `shell`, `console`) must be preceded by a marker on the line before it:
//   <!-- run -->                  CI runs it, in order with the file's other run blocks, against the service
//   <!-- not-run: <reason> -->    it needs what a test cannot give (a real domain's DNS, Docker, a deployment)
// so that a command in the documentation is either tested or says why not.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const SHELLS = new Set(['sh', 'bash', 'shell', 'console']);

export type CommandBlock = {
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  /** 'run', 'not-run' or null when the block has no marker. */
  marker: 'run' | 'not-run' | null;
  reason?: string;
  code: string;
};

/** Every fenced block whose info string names a shell, with its marker. */
export async function commandBlocks(file: string): Promise<CommandBlock[]> {
  const lines = (await readFile(path.join(ROOT, file), 'utf8')).split('\n');
  const blocks: CommandBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)/.exec(lines[i]!);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && !lines[end]!.startsWith('```')) end++;
    const lang = open[1] ?? '';
    if (SHELLS.has(lang)) {
      const before = lines[i - 1] ?? '';
      const marker = /^<!-- (run|not-run)(?:: (.+?))? -->$/.exec(before.trim());
      blocks.push({
        line: i + 1,
        lang,
        marker: (marker?.[1] as CommandBlock['marker']) ?? null,
        reason: marker?.[2],
        code: lines.slice(i + 1, end).join('\n'),
      });
    }
    i = end;
  }
  return blocks;
}

/**
 * A file's run blocks as one script for a service at `baseUrl`: the documented `B=http://localhost:8080` points
 * at it, and emails and tenant slugs get `suffix` so that runs in a shared database do not collide.
 */
export function scriptFor(blocks: CommandBlock[], baseUrl: string, suffix: string): string {
  return blocks
    .map((block) => block.code)
    .join('\n')
    .replaceAll('B=http://localhost:8080', `B=${baseUrl}`)
    .replaceAll(/([a-z]+)@example\.com/g, `$1-${suffix}@example.com`)
    .replaceAll(/("tenant_slug": "|\\"tenantSlug\\": \\")([a-z-]+)/g, `$1$2-${suffix}`);
}
