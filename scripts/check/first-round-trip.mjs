// @ts-check
/**
 * Every page's first screen within a new connection's first round trip:
 *   node scripts/check/first-round-trip.mjs [outDir=out]     (npm run check:round-trip)
 *
 * A TCP connection's first flight is 10 segments of 1,460 bytes (RFC 6928): 14,600 bytes. A browser
 * paints as bytes arrive, so a first screen needs the response's headers, the <head> and the body's
 * HTML down to the end of what that screen shows; past the bound, the largest paint waits a round
 * trip more (docs/performance.md, 'Documents'). So this serves the export as a CDN keeps it
 * (scripts/tools/serve.mjs), finds where each page's larger first screen ends (first-screen.mjs: the
 * layout at a phone's and a desktop's size), and counts the headers and the Brotli bytes that
 * decode that far. It fails naming each page past the bound.
 */
import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumPath, findHeadlessShell } from '../tools/chromium.mjs';
import { withStaticServer } from '../tools/static-server.mjs';
import { compressedBytesFor, firstScreenEnd, sourceNodes } from './first-screen.mjs';

/** What a new connection carries before its first acknowledgement (RFC 6928's initial window). */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

/** The first screens a page is laid out in: Lighthouse's mobile and desktop presets. */
const SCREENS = [
  { width: 412, fold: 823, deviceScaleFactor: 1.75, isMobile: true },
  { width: 1350, fold: 940, deviceScaleFactor: 1, isMobile: false },
];

/** Pages laid out at once. */
const LANES = 3;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.resolve(root, process.argv[2] ?? 'out');

/** The URL paths of an export's pages: every index.html's folder. @param {string} dir */
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
 * A page's response as it crosses the wire: the bytes of its status line and headers, and its
 * body as sent (Brotli). @param {string} url
 * @returns {Promise<{ head: number, body: Buffer }>}
 */
function rawResponse(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'br' } }, (response) => {
        if (response.headers['content-encoding'] !== 'br') reject(new Error(`${url} was not sent with Brotli`));
        const lines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`];
        for (let index = 0; index < response.rawHeaders.length; index += 2)
          lines.push(`${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}`);
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ head: Buffer.byteLength(`${lines.join('\r\n')}\r\n\r\n`), body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/*
 * Runs in the page: every element and non-blank text node in document order, as sourceNodes lists
 * them, each as [its tag or '#text', its text's start, what it paints (NodeBox), top, bottom, left,
 * right]. A replaced element (an image, an icon, a field) paints all of itself; another element
 * its box when it draws a background, border, outline or shadow. Hidden (visibility) paints nothing.
 */
async function layOut() {
  // Text is laid out in the site's fonts, as it paints; images need not load (their boxes are sized).
  await document.fonts.ready;
  const REPLACED = new Set([
    'img',
    'svg',
    'video',
    'canvas',
    'iframe',
    'input',
    'textarea',
    'select',
    'object',
    'embed',
  ]);
  const range = document.createRange();
  /** @param {CSSStyleDeclaration} style */
  const drawsBox = (style) =>
    !/^(transparent|rgba\(.*, 0\))$/.test(style.backgroundColor) ||
    style.backgroundImage !== 'none' ||
    style.boxShadow !== 'none' ||
    ['Top', 'Right', 'Bottom', 'Left'].some(
      (side) => style.getPropertyValue(`border-${side.toLowerCase()}-width`) !== '0px',
    ) ||
    (style.outlineStyle !== 'none' && style.outlineWidth !== '0px');
  /** @param {DOMRectList} rects */
  const edges = (rects) => {
    const list = [...rects];
    return [
      Math.min(...list.map((rect) => rect.top)),
      Math.max(...list.map((rect) => rect.bottom)),
      Math.min(...list.map((rect) => rect.left)),
      Math.max(...list.map((rect) => rect.right)),
    ];
  };
  /** @param {DOMRectList} rects */
  const onScreen = (rects) =>
    [...rects].some((rect) => rect.top < innerHeight && rect.bottom >= 0 && rect.left < innerWidth && rect.right >= 0);
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let node = /** @type {Node | null} */ (walker.currentNode); node; node = walker.nextNode()) {
    if (node instanceof Text) {
      if (!node.data.trim() || !node.parentElement) continue;
      range.selectNodeContents(node);
      const rects = range.getClientRects();
      const shown = onScreen(rects) && getComputedStyle(node.parentElement).visibility === 'visible';
      nodes.push([
        '#text',
        node.data.trim().slice(0, 20),
        shown ? 'all' : null,
        ...(shown ? edges(rects) : [0, 0, 0, 0]),
      ]);
    } else if (node instanceof Element) {
      const rects = node.getClientRects();
      const style = onScreen(rects) ? getComputedStyle(node) : null;
      const paints =
        !style || style.visibility !== 'visible'
          ? null
          : REPLACED.has(node.localName)
            ? 'all'
            : drawsBox(style)
              ? 'box'
              : null;
      nodes.push([node.localName, '', paints, ...(paints ? edges(rects) : [0, 0, 0, 0])]);
    }
  }
  return nodes;
}

/**
 * Where a page's first screens end in its HTML, the larger of the two (a UTF-16 index).
 * @param {import('@playwright/test').Page[]} screens a tab at each of SCREENS
 * @param {string} url @param {string} html
 */
async function firstScreensEnd(screens, url, html) {
  const nodes = sourceNodes(html).filter((node) => node.text === undefined || node.text.trim() !== '');
  const ends = await Promise.all(
    screens.map(async (page, index) => {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      const laidOut = /** @type {[string, string, 'all' | 'box' | null, number, number, number, number][]} */ (
        await page.evaluate(layOut)
      );
      const mismatch = nodes.findIndex((node, at) => {
        const [tag, text] = laidOut[at] ?? [];
        return node.tag === undefined ? tag !== '#text' || !node.text?.trim().startsWith(text ?? '') : tag !== node.tag;
      });
      if (mismatch >= 0 || laidOut.length !== nodes.length)
        throw new Error(
          `${url}: the browser's document differs from the HTML's at node ${mismatch} ` +
            `(${laidOut[mismatch]?.[0]} against ${nodes[mismatch]?.tag ?? 'text'}; ${laidOut.length} nodes against ${nodes.length})`,
        );
      const boxes = laidOut.map(([, , paints, top, bottom, left, right]) => ({ paints, top, bottom, left, right }));
      const { width, fold } = /** @type {typeof SCREENS[number]} */ (SCREENS[index]);
      return firstScreenEnd(nodes, boxes, { width, fold });
    }),
  );
  const end = Math.max(...ends);
  return end;
}

const started = Date.now();
const pages = pagePaths(outDir);
// A layout, not a timing: the headless shell lays a page out as the full browser does.
const chromePath = findHeadlessShell() ?? chromiumPath();
const rows = await withStaticServer(outDir, async (origin) => {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    /** @param {typeof SCREENS[number]} screen */
    const tab = async ({ width, fold, deviceScaleFactor, isMobile }) =>
      (
        await browser.newContext({
          viewport: { width, height: fold },
          deviceScaleFactor,
          isMobile,
          javaScriptEnabled: false,
          serviceWorkers: 'block',
        })
      ).newPage();
    /** @type {{ page: string, head: number, firstScreen: number, whole: number, share: number }[]} */
    const measured = [];
    let next = 0;
    // A few pages at a time: most of a page's time is the browser's, waiting on its processes.
    await Promise.all(
      Array.from({ length: LANES }, async () => {
        const screens = await Promise.all(SCREENS.map(tab));
        for (let page = pages[next++]; page !== undefined; page = pages[next++]) {
          const url = `${origin}${encodeURI(page)}`;
          const { head, body } = await rawResponse(url);
          const html = brotliDecompressSync(body).toString();
          const cut = await firstScreensEnd(screens, url, html);
          const firstScreen = compressedBytesFor(body, Buffer.byteLength(html.slice(0, cut)));
          measured.push({ page, head, firstScreen, whole: body.length, share: cut / html.length });
        }
      }),
    );
    return measured;
  } finally {
    await browser.close();
  }
});

rows.sort((a, b) => b.head + b.firstScreen - (a.head + a.firstScreen));
const over = rows.filter((row) => row.head + row.firstScreen > FIRST_ROUND_TRIP_BYTES);
for (const row of rows.slice(0, 5))
  console.log(
    `${row.page.padEnd(40)} ${String(row.head + row.firstScreen).padStart(6)} bytes to its first screen ` +
      `(headers ${row.head}, Brotli ${row.firstScreen}: ${Math.round(row.share * 100)}% of the HTML); ` +
      `whole response ${row.head + row.whole}`,
  );
const [largest] = rows;
const wholest = rows.reduce((a, b) => (b.head + b.whole > a.head + a.whole ? b : a), rows[0]);
console.log(
  `${rows.length} pages; the largest first screen ${largest ? largest.head + largest.firstScreen : 0} bytes ` +
    `of the ${FIRST_ROUND_TRIP_BYTES} a first round trip carries ` +
    `(the largest whole response, for information: ${wholest ? `${wholest.page} ${wholest.head + wholest.whole}` : 0} bytes); ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
if (over.length > 0) {
  console.error('First round trip: FAILED');
  for (const row of over)
    console.error(
      `  - ${row.page}: ${row.head + row.firstScreen} bytes to its first screen, ` +
        `${row.head + row.firstScreen - FIRST_ROUND_TRIP_BYTES} past it`,
    );
  process.exit(1);
}
console.log('First round trip: OK');
