/**
 * Full-page screenshots of the exported site at phone and desktop widths, for a visual review.
 *
 *   node scripts/tools/screenshots.mjs [baseURL=http://127.0.0.1:3000] [outDir=screenshots] [paths...]
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumPath } from './chromium.mjs';

const [baseURL = 'http://127.0.0.1:3000', outDir = 'screenshots', ...paths] = process.argv.slice(2);
const pages =
  paths.length > 0
    ? paths
    : ['/', '/category/python/', '/category/web%20development/', '/courses/py-101/', '/cart/', '/nope/'];
const widths = [390, 1280];

const executablePath = chromiumPath();
const browser = await chromium.launch({ executablePath });
mkdirSync(outDir, { recursive: true });
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const path of pages) {
    await page.goto(new URL(path, baseURL).href, { waitUntil: 'networkidle' });
    const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    await page.screenshot({ path: `${outDir}/${name}-${width}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
console.log(`Screenshots in ${outDir}/`);
