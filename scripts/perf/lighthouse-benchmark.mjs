// @ts-check
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { cpuSlowdownFor } from './lighthouse-throttling.mjs';

/**
 * The machine's Lighthouse BenchmarkIndex, measured once before a run: Lighthouse's own page
 * function (computeBenchmarkIndex) in a blank page of the Chromium the run drives,
 * unthrottled, as Lighthouse measures it; the median of `samples` measurements after one to warm
 * up (the first, while the browser is still starting, reads low), as one can land in a
 * busy spell. Returns it with the CPU slowdown calibrated from it (lighthouse-throttling.mjs).
 * @param {string} chromePath the Chromium to measure in
 * @param {number} [samples]
 * @returns {Promise<{ benchmarkIndex: number, samples: number[], cpuSlowdown: number }>}
 */
export async function calibrateCpuSlowdown(chromePath, samples = 3) {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`);
    const measured = [];
    for (let sample = 0; sample < samples; sample++)
      measured.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`));
    const sorted = [...measured].sort((a, b) => a - b);
    const benchmarkIndex = sorted[Math.floor(sorted.length / 2)];
    return { benchmarkIndex, samples: measured, cpuSlowdown: cpuSlowdownFor(benchmarkIndex) };
  } finally {
    await browser.close();
  }
}

/**
 * One mobile Lighthouse performance run of `url` at the calibrated CPU slowdown, as the gate runs
 * it (without the full-page screenshot, which repaints the whole page at its full height), for the
 * investigation tools.
 * @param {string} url
 * @param {number} port the debugging port of a Chromium started by chrome-launcher
 * @param {number} cpuSlowdown
 */
export async function performanceRun(url, port, cpuSlowdown) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableFullPageScreenshot: true,
    throttling: { cpuSlowdownMultiplier: cpuSlowdown },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result;
}
