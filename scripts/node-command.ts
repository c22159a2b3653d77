// The node command of package.json's start scripts ("… node <flags> <entry>"): the bench and the process tests
// start the service from it, so that they run it as `npm start` and `npm run start:prod` do, flags and all.
import { readFileSync } from 'node:fs';

const PACKAGE_JSON = new URL('../package.json', import.meta.url);

/** Node's arguments in package.json's `script`: everything after "node" (its flags, then the entry point). */
export function nodeArgsOf(script: 'start' | 'start:prod'): string[] {
  const { scripts } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { scripts: Record<string, string> };
  const words = scripts[script]!.split(/\s+/);
  return words.slice(words.indexOf('node') + 1);
}
