// @ts-check
/**
 * One first visit of a page on an emulated phone, measured from a Chromium trace: every task the
 * renderer's main thread runs, first and largest contentful paint, and layout shifts. The gates
 * (scripts/perf/blocking.mjs) compare these figures with the reference page's from the same run.
 */
import * as constants from 'lighthouse/core/config/constants.js';
import { traceFigures } from './blocking-stats.mjs';

/**
 * Trace categories: the main thread's tasks (RunTask, with thread time), first paint, navigation
 * start and the metadata that names threads; nothing else, as every event traced costs the thread
 * being measured.
 */
const CATEGORIES = ['__metadata', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'];

/** How often the end of a load is looked for. */
const POLL_MS = 500;
/** Quiet: the main thread busy under this share of the time (a poll itself costs it a little). */
const QUIET_SHARE = 0.1;

/** Lighthouse's mobile network (slow 4G) as DevTools applies it: latency per request, throughput. */
const { mobileSlow4G } = constants.throttling;
export const MOBILE_NETWORK = {
  offline: false,
  latency: mobileSlow4G.requestLatencyMs,
  downloadThroughput: (mobileSlow4G.downloadThroughputKbps * 1024) / 8,
  uploadThroughput: (mobileSlow4G.uploadThroughputKbps * 1024) / 8,
};

/** In the page before its scripts: LCP and layout shifts as the visitor's browser reports them. */
function observe() {
  const seen = { lcp: -1, cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of /** @type {any[]} */ (list.getEntries())) if (!entry.hadRecentInput) seen.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  Object.assign(window, { __vitals: () => seen });
}

/**
 * Loads `url` once as a first visit on a new context of `browser`: Lighthouse's mobile screen and
 * user agent, its slow 4G applied, the CPU slowed `cpuSlowdown` times, no HTTP cache. Waits for the
 * load event, then until the main thread has been quiet for `quietMs` (at most `capMs` in all).
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {{ cpuSlowdown: number, init?: (context: import('@playwright/test').BrowserContext) => Promise<void>, quietMs?: number, capMs?: number }} options
 */
export async function measureLoad(browser, url, { cpuSlowdown, init, quietMs = 1500, capMs = 40_000 }) {
  const { mobile: screen } = constants.screenEmulationMetrics;
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: constants.userAgents.mobile,
  });
  try {
    await init?.(context);
    await context.addInitScript(observe);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', MOBILE_NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await cdp.send('Performance.enable');
    await browser.startTracing(tab, { categories: CATEGORIES });
    // The page's own requests in flight (a service worker's precaching is not the page's start-up,
    // nor a video streaming its preview at the emulated network's pace).
    const counted = (/** @type {import('@playwright/test').Request} */ request) => request.resourceType() !== 'media';
    let inFlight = 0;
    tab.on('request', (request) => {
      if (counted(request)) inFlight++;
    });
    for (const settled of /** @type {const} */ (['requestfinished', 'requestfailed']))
      tab.on(settled, (request) => {
        if (counted(request)) inFlight--;
      });
    const began = Date.now();
    await tab.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Quiet: no request of the page in flight and the main thread mostly idle, for `quietMs`.
    const taskSeconds = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
    let last = await taskSeconds();
    let quietSince = Date.now();
    while (Date.now() - began < capMs && Date.now() - quietSince < quietMs) {
      await tab.waitForTimeout(POLL_MS);
      const now = await taskSeconds();
      if (inFlight > 0 || (now - last) * 1000 > QUIET_SHARE * POLL_MS) quietSince = Date.now();
      last = now;
    }
    // A page never quiet is measured up to the cap: its main thread's time says what it cost.
    if (Date.now() - quietSince < quietMs)
      console.warn(
        `${url}: still busy after ${capMs / 1000} s (${inFlight} request(s) in flight); measured up to then`,
      );
    const vitals = await tab.evaluate(() => /** @type {any} */ (window).__vitals());
    const trace = JSON.parse((await browser.stopTracing()).toString());
    return { ...traceFigures(trace), lcp: vitals.lcp, cls: vitals.cls };
  } finally {
    await context.close();
  }
}
