import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getCoursesByCategory, getInstructors } from '@/lib/server/catalogue';
import { cartHref, categoryHref, courseHref, homeHref, instructorHref } from '@/lib/routes';
import { expect, test, waitForHydration } from './fixtures';

/*
 * On a slow network a page's HTML arrives in pieces, and the browser paints what it has parsed
 * so far. Nothing painted from one piece may move when the next arrives: e.g. a select whose
 * width follows its options widens as they are parsed (a layout shift seen on CI).
 *
 * A proxy in front of the exported site sends each tested page's HTML in pieces, cut at every
 * twentieth of its body and after the markers a page names, with a pause after each so that the
 * browser paints; every other file passes through as it is.
 */
const PAUSE_MS = 80;

function cuts(html: string, markers: readonly string[]): number[] {
  const bodyStart = html.indexOf('<body');
  const fractions = Array.from({ length: 19 }, (_, index) =>
    Math.round(bodyStart + ((html.length - bodyStart) * (index + 1)) / 20),
  );
  const afterMarkers = markers.map((marker) => {
    const at = html.indexOf(marker);
    if (at < 0) throw new Error(`the page's HTML has no ${marker}`);
    return at + marker.length;
  });
  return [...new Set([...fractions, ...afterMarkers])].sort((a, b) => a - b);
}

async function proxyInPieces(origin: string, markers: readonly string[]) {
  const server = http.createServer(async (request, response) => {
    const upstream = await fetch(new URL(request.url!, origin), { redirect: 'manual' });
    const headers = [...upstream.headers].filter(([name]) => !['content-encoding', 'content-length'].includes(name));
    response.writeHead(upstream.status, Object.fromEntries(headers));
    const body = Buffer.from(await upstream.arrayBuffer());
    if (!upstream.headers.get('content-type')?.startsWith('text/html')) return response.end(body);
    const html = body.toString('utf8');
    let from = 0;
    for (const at of cuts(html, markers)) {
      response.write(html.slice(from, at));
      from = at;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    response.end(html.slice(from));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** A page, where else its HTML is cut (besides every twentieth), and what its console may say (a 404). */
const pages: [name: string, path: string, markers: string[], allowedConsole?: RegExp][] = [
  // Right after the banner's illustration, before its copy: from md up the two sit side by side.
  // Inside the first tab's link to its category, which sits at the row's right end from md up.
  ['the home page', homeHref, ['</picture>', '>Explore ']],
  // After the filters button, before the sort control beside it at the row's right end; inside the
  // sort select, after its first option.
  ['a category page', categoryHref('python'), ['>Filters</button>', '</option>']],
  // Inside the buy box's centred actions: 'Add to cart', then 'Add to wishlist' beside its heart.
  ['a course page', courseHref(getCoursesByCategory('python')[0]!.id), ['>Add to ', '>Add to wish']],
  // Inside its name, beside the portrait centred on it.
  ['an instructor page', instructorHref(getInstructors()[0]!.slug), ['</h1>']],
  // Short pages, whose footer sits at the window's foot (its columns side by side from md up).
  // Inside the empty cart's centred line.
  ['the empty cart', cartHref, ['>No items found', '<nav aria-label="Categories">']],
  // Inside the centred heading, then before the footer's categories.
  ['the 404 page', '/no-such-page/', ['>We couldn', '<nav aria-label="Categories">'], /404|\/no-such-page\//],
];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
])
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const [name, path, markers, allowedConsole] of pages)
      test.describe(() => {
        test.use({ allowedConsole });
        test(`${name} whose HTML arrives in pieces shifts nothing as they arrive`, async ({ page, baseURL }) => {
          const proxy = await proxyInPieces(baseURL!, markers);
          try {
            await page.addInitScript(() => {
              const shifts: unknown[] = ((window as unknown as { shifts: unknown[] }).shifts = []);
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as unknown as {
                  sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
                }[])
                  for (const source of entry.sources)
                    shifts.push({
                      node: (source.node as Element | undefined)?.outerHTML?.slice(0, 120) ?? source.node?.nodeName,
                      from: source.previousRect.toJSON(),
                      to: source.currentRect.toJSON(),
                    });
              }).observe({ type: 'layout-shift', buffered: true });
            });
            await page.goto(proxy.url + path);
            await waitForHydration(page);
            await page.waitForTimeout(200);
            expect(await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts)).toEqual([]);
          } finally {
            proxy.close();
          }
        });
      });
  });
