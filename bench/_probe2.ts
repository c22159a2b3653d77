import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/chromium.js';
const [url, token] = process.argv.slice(2) as [string, string];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (let i = 0; i < 4; i++) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.goto('/healthz');
  await page.evaluate(([k, v]) => sessionStorage.setItem(k!, v!), ['credential-service.session', token]);
  await page.goto('/app/', { waitUntil: 'load' });
  await page.waitForSelector('[data-testid="plan"]');
  await page.waitForTimeout(800);
  const r = await page.evaluate(`JSON.stringify(performance.getEntries().filter(e=>e.entryType!=='long-animation-frame').map(e => [e.entryType, e.name.slice(-40), Math.round(e.startTime), Math.round(e.requestStart??0), Math.round(e.responseStart??0), Math.round(e.responseEnd ?? 0)]))`);
  if (i > 0) console.log(JSON.parse(r as string).map((x: unknown[]) => x.join(' ')).join('\n') + '\n---');
  await context.close();
}
await browser.close();
