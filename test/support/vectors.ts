// The public test vectors (copied from shared/vectors with their SOURCE.txt files, so a clean clone has them).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const VECTORS_DIR = fileURLToPath(new URL('../fixtures/vectors/', import.meta.url));

export const readVector = (path: string) => readFileSync(VECTORS_DIR + path, 'utf8');
