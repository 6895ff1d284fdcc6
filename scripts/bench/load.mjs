/**
 * Load: can the project's own server and files take a crowd? Serves an export with
 * scripts/tools/serve.mjs on 127.0.0.1 and holds many concurrent clients (autocannon) for a fixed time
 * over a mix of what visitors fetch: pages, RSC payloads (.txt) and Pagefind's search files, all
 * taken from the export. Fails on any error, timeout or non-2xx answer; prints p50/p99 latency and
 * requests per second. A check of this server under load, not a claim about a CDN.
 *
 *   node scripts/bench/load.mjs [dir=out] [--duration 60] [--connections 200]
 *
 * Loopback only, and bounded: the run stops after `--duration` seconds (and is killed 30 s later
 * if it has not), with `--connections` clients at most. Not part of `npm test`.
 */
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startStaticServer } from '../tools/static-server.mjs';
import { requireBuild } from '../build.mjs';

const { isRscFile } = requireBuild();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { duration: { type: 'string', default: '60' }, connections: { type: 'string', default: '200' } },
});
const dir = path.resolve(positionals[0] ?? 'out');
const duration = Number(values.duration);
const connections = Number(values.connections);
if (!(duration > 0 && duration <= 600) || !(connections > 0 && connections <= 1000)) {
  console.error('bench:load: --duration is 1–600 s, --connections 1–1000');
  process.exit(1);
}
if (!existsSync(path.join(dir, 'index.html'))) {
  console.error(`bench:load: no export in ${path.relative(root, dir) || '.'}/ (run npm run build first)`);
  process.exit(1);
}

/** Every file under `dir`, as URL paths. */
function files(at = dir) {
  return readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(at, entry.name);
    return entry.isDirectory()
      ? files(full)
      : ['/' + path.relative(dir, full).split(path.sep).map(encodeURIComponent).join('/')];
  });
}

/** What visitors fetch, by kind: each page as its folder URL, the payloads, the search files. */
function mix() {
  const all = files();
  const pages = all.filter((url) => url.endsWith('/index.html')).map((url) => url.slice(0, -'index.html'.length));
  const payloads = all.filter((url) => isRscFile(url) && !url.startsWith('/pagefind/'));
  const search = all.filter((url) => url.startsWith('/pagefind/'));
  return { pages, payloads, search };
}

const kinds = mix();
// Interleaved, so every client asks for pages, payloads and search files in turn.
const longest = Math.max(...Object.values(kinds).map((list) => list.length));
const urls = Array.from({ length: longest }, (_, index) =>
  Object.values(kinds).flatMap((list) => (list.length ? [list[index % list.length]] : [])),
).flat();

const server = await startStaticServer(dir);
const watchdog = setTimeout(
  () => {
    console.error('bench:load: still running 30 s after its duration; stopped');
    server.stop();
    process.exit(1);
  },
  (duration + 30) * 1000,
);

console.log(
  `bench:load: ${connections} clients for ${duration} s against scripts/tools/serve.mjs ${path.relative(root, dir) || '.'}/ ` +
    `(${kinds.pages.length} pages, ${kinds.payloads.length} RSC payloads, ${kinds.search.length} search files)`,
);
const result = await autocannon({
  url: server.origin,
  connections,
  duration,
  timeout: 10,
  headers: { 'accept-encoding': 'gzip, deflate, br' },
  requests: urls.map((url) => ({ method: 'GET', path: url })),
});
clearTimeout(watchdog);
server.stop();

const ms = (value) => `${value.toFixed(1)} ms`;
const failures = { errors: result.errors, timeouts: result.timeouts, 'non-2xx': result.non2xx };
console.table({
  requests: result.requests.total,
  'requests/s (mean)': Math.round(result.requests.average),
  'latency p50': ms(result.latency.p50),
  'latency p99': ms(result.latency.p99),
  'latency max': ms(result.latency.max),
  'transferred (MB)': (result.throughput.total / 1024 / 1024).toFixed(1),
  ...failures,
});
const failed = Object.entries(failures).filter(([, count]) => count > 0);
if (failed.length || result.requests.total === 0) {
  console.error(`bench:load: FAILED: ${failed.map(([kind, count]) => `${count} ${kind}`).join(', ') || 'no requests'}`);
  process.exit(1);
}
console.log('bench:load: no errors, timeouts or non-2xx answers');
