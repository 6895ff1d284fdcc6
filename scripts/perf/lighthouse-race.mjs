// @ts-check
/**
 * Is Lighthouse's simulated LCP a race on localhost? Lantern counts a script in the LCP's path if it
 * finished downloading before the observed largest paint; served from this machine, scripts finish
 * before the first paint or after it, run to run, where a real network brings them a round trip
 * after the document. This runs the gate's mobile runs (performance only, the calibrated CPU) as
 * served today, then with every body but a document's held `--delay` ms after its headers (the time
 * to first byte, from which Lantern estimates the server, unchanged). An investigation tool, not a
 * gate (docs/performance.md, 'Simulated LCP: a race on localhost').
 *   node scripts/perf/lighthouse-race.mjs --runs=6 --delay=0,300
 *   options: --pages=out-budget/reference/out:/,out:/courses/py-101/ (export:path, comma-separated)
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './blocking-stats.mjs';
import { calibrateCpuSlowdown } from './lighthouse-benchmark.mjs';
import { chromiumPath } from '../tools/chromium.mjs';
import { startStaticServer } from '../tools/static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const option = (/** @type {string} */ name, /** @type {string} */ fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const runs = Number(option('runs', '6'));
const delays = option('delay', '0,300').split(',').map(Number);
const pages = option(
  'pages',
  'out-budget/reference/out:/,out:/,out:/courses/py-101/,out:/search/,out-synth:/courses/pyt-00003/',
)
  .split(',')
  .map((page) => {
    const [dir = '', route = '/'] = page.split(':');
    return { dir: path.resolve(root, dir), route, label: page };
  });

/**
 * A proxy in front of an export's server that sends each response's headers at once and, but for a
 * document's, its body `delay` ms later.
 * @param {string} upstream @param {number} delay
 * @returns {Promise<{ origin: string, close: () => void }>}
 */
async function delayingProxy(upstream, delay) {
  const server = http.createServer((request, response) => {
    const forwarded = http.request(`${upstream}${request.url}`, { method: request.method, headers: request.headers });
    forwarded.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      response.flushHeaders();
      const document = String(answer.headers['content-type']).startsWith('text/html');
      setTimeout(() => answer.pipe(response), document ? 0 : delay);
    });
    request.pipe(forwarded);
  });
  await new Promise((listening) => server.listen(0, '127.0.0.1', () => listening(undefined)));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The proxy has no port');
  return { origin: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

const chromePath = chromiumPath();
const { cpuSlowdown } = await calibrateCpuSlowdown(chromePath);
const servers = new Map();
for (const { dir } of pages) if (!servers.has(dir)) servers.set(dir, await startStaticServer(dir));
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  for (const delay of delays) {
    const proxies = new Map();
    for (const [dir, server] of servers) proxies.set(dir, await delayingProxy(server.origin, delay));
    /** @type {Map<string, number[]>} */
    const lcps = new Map(pages.map(({ label }) => [label, []]));
    try {
      // Runs outermost, as the gate does, so that a slow spell spreads over the pages.
      for (let run = 0; run < runs; run++)
        for (const { dir, route, label } of pages) {
          const result = await lighthouse(`${proxies.get(dir).origin}${route}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            throttling: { cpuSlowdownMultiplier: cpuSlowdown },
          });
          const lcp = result?.lhr.audits['largest-contentful-paint']?.numericValue;
          if (lcp === undefined) throw new Error(`No LCP for ${label}`);
          lcps.get(label)?.push(Math.round(lcp));
        }
    } finally {
      for (const proxy of proxies.values()) proxy.close();
    }
    const reference = median(lcps.get(pages[0]?.label ?? '') ?? []);
    for (const [label, values] of lcps)
      console.log(
        `bodies held ${delay} ms, CPU ${cpuSlowdown}×, ${label}: simulated LCP ${values.join(', ')} ms, ` +
          `median ${median(values)} (${(median(values) / reference).toFixed(2)}× the first page's)`,
      );
  }
} finally {
  await chrome.kill();
  for (const server of servers.values()) server.stop();
}
