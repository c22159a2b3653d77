// The dashboard keeps its session token in sessionStorage only: no source file of the app names
// localStorage, or IndexedDB or cookies, where a token would outlive the tab. The browser test checks the same
// in a running page (test/integration/dashboard.test.ts).
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const WEB_SRC = new URL('../../web/src/', import.meta.url);

describe('the dashboard’s storage', () => {
  it('never uses localStorage, IndexedDB or document.cookie', async () => {
    const files = (await readdir(WEB_SRC, { recursive: true })).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('generated'),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      // Code, not comments (which may say why not).
      const code = (await readFile(new URL(file, WEB_SRC), 'utf8')).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(code, file).not.toMatch(/localStorage|indexedDB|document\.cookie/);
      expect(code.length, file).toBeGreaterThan(0);
    }
  });
});
