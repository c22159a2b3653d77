// The dashboard's build (npm run build:web, also run by postinstall, prestart and the test suite's global
// setup when web/ changed): static files in web/dist that the service serves at /app (src/http/dashboard.ts).
// Nothing here reaches the network.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/app/',
  // A run of the test suite's or the service's own .env must not leak into the bundle: no env files read.
  envDir: false,
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every asset is a file: a data: URL would need `img-src data:` in the Content-Security-Policy.
    assetsInlineLimit: 0,
    // Chromium, Firefox and Safari preload modules natively; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
  },
});
