// @ts-check
/**
 * Every page's document within a new connection's first round trip.
 *
 *   node scripts/check/first-round-trip.mjs [outDir=out]     (npm run check:round-trip)
 *
 * A TCP connection's first flight is 10 segments of 1,460 bytes (RFC 6928): 14,600 bytes. A page
 * whose response (headers and Brotli body, as scripts/tools/serve.mjs sends them, the way a CDN
 * does) fits in it can paint after one round trip; a page past it waits for a second, which
 * Lighthouse's simulated 4G charges in full (150 ms before the CPU slowdown): the course page
 * py-101 sat 15 bytes past it, unnoticed, and its LCP read 1.3x that of pages inside it
 * (docs/performance.md, 'Documents'). This serves the export, asks for every page with
 * `Accept-Encoding: br`, and fails naming each page whose response is larger, and by how much.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withStaticServer } from '../tools/static-server.mjs';

/** What a new connection carries before its first acknowledgement (RFC 6928's initial window). */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.resolve(root, process.argv[2] ?? 'out');

/** The URL paths of an export's pages: every index.html's folder, and 404.html. @param {string} dir */
function pagePaths(dir, prefix = '/') {
  /** @type {string[]} */
  const paths = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !entry.name.startsWith('_') && entry.name !== 'pagefind')
      paths.push(...pagePaths(path.join(dir, entry.name), `${prefix}${entry.name}/`));
    else if (entry.name === 'index.html') paths.push(prefix);
  }
  return paths;
}

/**
 * The bytes of a response as they cross the wire: its status line and headers, then its body as
 * sent (Content-Length: fetch hands back the body decompressed). @param {Response} response
 */
async function responseBytes(response) {
  const head = [
    `HTTP/1.1 ${response.status} ${response.statusText}`,
    ...[...response.headers].map(([name, value]) => `${name}: ${value}`),
  ];
  const length = response.headers.get('content-length');
  await response.body?.cancel();
  if (length === null) throw new Error(`${response.url} came without a Content-Length`);
  return { head: Buffer.byteLength(`${head.join('\r\n')}\r\n\r\n`), body: Number(length) };
}

const pages = pagePaths(outDir);
const rows = await withStaticServer(outDir, async (origin) => {
  const measured = [];
  for (const page of pages) {
    const response = await fetch(`${origin}${encodeURI(page)}`, { headers: { 'Accept-Encoding': 'br' } });
    if (response.headers.get('content-encoding') !== 'br') throw new Error(`${page} was not sent with Brotli`);
    measured.push({ page, ...(await responseBytes(response)) });
  }
  return measured;
});

rows.sort((a, b) => b.head + b.body - (a.head + a.body));
const over = rows.filter((row) => row.head + row.body > FIRST_ROUND_TRIP_BYTES);
for (const row of rows.slice(0, 5))
  console.log(
    `${row.page.padEnd(40)} ${String(row.head + row.body).padStart(6)} bytes (headers ${row.head}, Brotli body ${row.body})`,
  );
const largest = rows[0];
console.log(
  `${rows.length} pages; the largest response ${largest ? largest.head + largest.body : 0} bytes, ` +
    `of the ${FIRST_ROUND_TRIP_BYTES} a first round trip carries.`,
);
if (over.length > 0) {
  console.error('First round trip: FAILED');
  for (const row of over)
    console.error(
      `  - ${row.page}: ${row.head + row.body} bytes, ${row.head + row.body - FIRST_ROUND_TRIP_BYTES} past it`,
    );
  process.exit(1);
}
console.log('First round trip: OK');
