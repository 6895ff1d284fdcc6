#!/usr/bin/env node
/**
 * Listing-filter budgets (BUDGETS), in Chromium with the CPU slowed 4×:
 *
 *   node scripts/bench/filters.mjs [outDir=out-synth] [--sort key]   (npm run bench:filters -- out-scale-10000)
 *
 * Serves the folder as scripts/tools/serve.mjs does. On page 1 of the largest category (in `--sort`
 * order), at 1280 px (the panel beside the list), it clicks a narrowing choice in each filter group,
 * then 'Clear filters', and records per click the encoded bytes until the network is idle (covers
 * aside: the listing's content, not the filters' cost) and the time to the new count line, in the
 * page's clock (the list and counts render in one commit). Exits 1 when a budget is missed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../tools/chromium.mjs';
import { budgetSummary, countTransfer, finish, kb, overBudget, transferBudget } from './budget.mjs';
import { withStaticServer } from '../tools/static-server.mjs';

/** The first filter (the runtime and the category's index included), each later change, an update once loaded. */
const BUDGETS = { firstBytes: 200 * 1024, laterBytes: 50 * 1024, latencyMs: 300, latencyName: 'update' };
const CPU_SLOWDOWN = 4;
/** The groups clicked in turn, then 'Clear filters'; a group the catalogue lacks is skipped. */
const GROUPS = ['Rating', 'Language', 'Price', 'Level', 'Length'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const sortArg = args.indexOf('--sort');
const sort = sortArg >= 0 ? args[sortArg + 1] : null;
const outDir = path.resolve(
  root,
  args.find((arg, index) => !arg.startsWith('--') && (sortArg < 0 || index !== sortArg + 1)) ?? 'out-synth',
);
const filtersDir = path.join(outDir, 'pagefind/filters');
if (!existsSync(filtersDir)) {
  console.error(`No filter indexes in ${path.relative(root, outDir)}/pagefind/filters/: build the export first.`);
  process.exit(1);
}

/** The category with the most courses, from the overview each category's index carries. */
const [category, total] = readdirSync(filtersDir)
  .map((name) => [name, JSON.parse(readFileSync(path.join(filtersDir, name, 'overview.json'), 'utf8')).total])
  .sort((a, b) => b[1] - a[1])[0];

// Index folders spell a category's spaces as '_' (config/filter-bundle.mjs), which no name has.
const listingPath = `/category/${encodeURIComponent(category.replace(/_/g, ' '))}/${sort ? `sort/${sort}/` : ''}`;

/** The count a count line starts with ('1,822 courses', '4,000 courses to get you started…'). */
const leadingNumber = (text) => Number(/^[\d,]+/.exec(text)?.[0].replace(/,/g, '') ?? NaN);

async function measure(baseURL) {
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  try {
    // No service worker: a response it serves reports no transfer, and a first visit has none.
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    // Playwright reports the requests of the page and of its workers (Pagefind runs in one).
    const transfer = { filters: 0, images: 0, requests: 0 };
    const { settled } = countTransfer(page, (request, bytes) => {
      if (request.resourceType() === 'image') transfer.images += bytes;
      else {
        transfer.filters += bytes;
        transfer.requests += 1;
      }
    });

    await page.goto(`${baseURL}${listingPath}`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const main = page.getByRole('main');
    await main.getByRole('group', { name: 'Rating' }).waitFor();
    await page.waitForLoadState('networkidle');

    const rows = [];
    const steps = [...GROUPS.map((group) => ({ group })), { clear: true }];
    for (const step of steps) {
      const countLine = main.locator('p[aria-live="polite"]');
      const before = (await countLine.textContent())?.trim() ?? '';
      let target;
      if (step.clear) target = main.getByRole('button', { name: 'Clear filters' });
      else {
        const group = main.getByRole('group', { name: step.group });
        if (!(await group.count())) continue;
        // The first enabled, unchosen choice that leaves some courses but fewer than now.
        const current = leadingNumber(before);
        const choices = group.locator('input:not(:checked):not(:disabled)');
        let found = null;
        for (let index = 0; index < (await choices.count()); index += 1) {
          const choice = choices.nth(index);
          const label = (await choice.evaluate((input) => input.labels?.[0]?.textContent ?? '')).trim();
          const count = Number(/\((\d[\d,]*)\)$/.exec(label)?.[1]?.replace(/,/g, '') ?? 0);
          if (count > 0 && count < current) {
            found = { choice, label, count };
            break;
          }
        }
        if (!found) continue;
        target = found.choice;
        step.label = found.label;
        step.expected = found.count;
      }
      await page.evaluate((previous) => {
        const state = { click: 0, shown: 0 };
        window.__bench = state;
        document.addEventListener('click', () => (state.click ||= performance.now()), { capture: true, once: true });
        const line = document.querySelector('main p[aria-live="polite"]');
        new MutationObserver((_, observer) => {
          if (line.textContent.trim() !== previous) {
            state.shown = performance.now();
            observer.disconnect();
          }
        }).observe(line, { characterData: true, childList: true, subtree: true });
      }, before);
      await settled();
      const start = { ...transfer };
      await target.click();
      await page.waitForFunction(() => window.__bench.shown > 0, null, { timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      await settled();
      const { click, shown } = await page.evaluate(() => window.__bench);
      rows.push({
        step: step.clear ? 'Clear filters' : `${step.group}: ${step.label}`,
        first: rows.length === 0,
        bytes: transfer.filters - start.filters,
        requests: transfer.requests - start.requests,
        images: transfer.images - start.images,
        latency: shown - click,
        total: (await countLine.textContent())?.trim(),
        expected: step.expected,
      });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

const rows = await withStaticServer(outDir, measure);

console.log(
  `\nFilters on ${path.relative(root, outDir)}${listingPath} (${total} courses), Chromium, CPU ${CPU_SLOWDOWN}× slower\n`,
);
console.log(
  `${'click'.padEnd(34)} ${'transfer'.padStart(9)} ${'budget'.padStart(9)} ${'requests'.padStart(8)} ${'covers'.padStart(9)} ${'update'.padStart(8)}  count line`,
);
const failures = [];
for (const row of rows) {
  const over = overBudget(row, BUDGETS);
  // The count line must say what the choice promised: a benchmark of a broken filter measures nothing.
  if (row.expected !== undefined && leadingNumber(row.total) !== row.expected) over.push('count');
  const label = `${row.step}${row.first ? ' (1st)' : ''}`.slice(0, 34);
  console.log(
    `${label.padEnd(34)} ${kb(row.bytes).padStart(9)} ${kb(transferBudget(row, BUDGETS)).padStart(9)} ${String(row.requests).padStart(8)} ${kb(row.images).padStart(9)} ${`${row.latency.toFixed(0)} ms`.padStart(8)}  ${row.total}${over.length ? `  OVER: ${over.join(', ')}` : ''}`,
  );
  if (over.length) failures.push(`${row.step}: ${over.join(', ')}`);
}
if (rows.length < 2) failures.push(`only ${rows.length} filter change(s) could be made on ${listingPath}`);
else
  console.log(
    `\n${budgetSummary(rows, BUDGETS, { first: 'first filter', later: 'later changes', latency: 'slowest later update' })}`,
  );
finish('Filter', failures);
