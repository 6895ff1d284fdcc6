import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { getCourses, getCoursesByCategory, getReviews } from '@/lib/server/catalogue';
import { toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { courseHref } from '@/lib/routes';
import { copyExport, manifestFile } from '../build/manifest';
import { expect, test, waitForCachedPage, waitForHydration, waitForWorker } from './fixtures';

/*
 * Offline after the first visit: the service worker (sw.js, written after the build) serves
 * the app shell and what the visitor has seen; anything else gets the offline page. Offline,
 * the requests that reach the network fail: the tests allow exactly those.
 */
// Offline, every request that reaches past the worker fails: Next's prefetches and RSC
// payloads, the worker's revalidation of cached pages, images first shown offline. Only
// network-down errors of this site are allowed, and Next's fallback to a full navigation.
test.use({
  serviceWorkers: 'allow',
  allowedRequestFailures: /^http:\/\/127\.0\.0\.1:\d+\/\S* net::ERR_(?:FAILED|INTERNET_DISCONNECTED)$/,
  allowedConsole:
    /^(?:Failed to load resource: net::ERR_(?:FAILED|INTERNET_DISCONNECTED)$|Failed to fetch RSC payload for \S+\. Falling back to browser navigation\. TypeError: Failed to fetch\n)/,
});

const webDev = getCoursesByCategory('web development');
const [seen, alsoSeen] = [webDev[0]!, webDev[1]!];
const neverSeen = getCourses().find((course) => course.category === 'marketing')!;

const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('offline, visited pages open, an unvisited page shows the offline page, and the cart works', async ({
  page,
  context,
}) => {
  // A dozen page loads, a worker install and a cart session, online and off.
  test.slow();
  await page.goto('/');
  await waitForWorker(page);
  await page.goto('/category/web%20development/');
  // Visited: loaded and hydrated, so its payload is in the worker's cache (listings' payloads are not precached).
  await waitForHydration(page);
  for (const course of [seen, alsoSeen]) {
    await page.goto(courseHref(course.id));
    await expect(heading(page)).toHaveText(course.course_name);
    await waitForCachedPage(page, courseHref(course.id));
  }
  await page.goto('/');
  await waitForHydration(page);

  await context.setOffline(true);

  // A precached page through a link, then a visited course page reloaded.
  await page.getByRole('region', { name: 'Top Categories' }).getByRole('link', { name: 'Web Development' }).click();
  await expect(heading(page)).toHaveText('Web Development courses');
  await page.getByRole('link', { name: `See details: ${seen.course_name}` }).click();
  await expect(page).toHaveURL(courseHref(seen.id));
  await expect(heading(page)).toHaveText(seen.course_name);
  await page.reload();
  await expect(heading(page)).toHaveText(seen.course_name);

  // Never visited: the offline page in the site's layout, never the browser's error page.
  await page.goto(courseHref(neverSeen.id));
  await expect(heading(page)).toHaveText('You’re offline');
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toBeVisible();
  await page.reload();
  await expect(heading(page)).toHaveText('You’re offline');
  await waitForHydration(page);
  await page
    .getByRole('navigation', { name: 'Categories available offline' })
    .getByRole('link', { name: 'Web Development' })
    .click();
  await expect(heading(page)).toHaveText('Web Development courses');

  // A link to a course never opened, followed in the app.
  await waitForHydration(page);
  const unseen = webDev[2]!;
  await page.getByRole('link', { name: `See details: ${unseen.course_name}` }).click();
  await expect(heading(page)).toHaveText('You’re offline');
  await page.goBack();
  await expect(heading(page)).toHaveText('Web Development courses');

  // The cart: add two seen courses from their cards, remove one, clear.
  await waitForHydration(page);
  for (const course of [seen, alsoSeen]) {
    await page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: course.course_name }) })
      .getByRole('link', { name: /^Add to cart/ })
      .click();
    await expect(page).toHaveURL('/cart/');
    await expect(page.getByRole('main').getByRole('heading', { name: course.course_name })).toBeVisible();
    if (course === seen) await page.goBack();
    await waitForHydration(page);
  }
  const total = toMinorUnits(seen.discounted_price) + toMinorUnits(alsoSeen.discounted_price);
  await expect(summary(page)).toContainText(`Total: ${formatPrice(total)}`);
  await page.reload();
  await expect(summary(page)).toContainText(`Total: ${formatPrice(total)}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: `Remove ${seen.course_name}` }).click();
  await expect(summary(page)).toContainText(`Total: ${formatPrice(toMinorUnits(alsoSeen.discounted_price))}`);
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByText('No items found in the cart.')).toBeVisible();
});

/*
 * Three visits after one worker install (each test would install its own): a listing filtered and
 * a search made online, then offline the same again and a cart address with ?add=.
 */
test('offline after a visit: a filtered listing filters again, a search made before answers again, and ?add= opens the cart', async ({
  page,
  context,
}) => {
  const listing = '/category/web%20development/';
  const count = (page: Page) => page.getByRole('main').locator('p[aria-live="polite"]');
  const rated = webDev.filter((course) => course.rating_star >= 4.5).length;
  await page.goto('/');
  await waitForWorker(page);

  // Online: a listing filtered, and a search.
  await page.goto(listing);
  await waitForHydration(page);
  await page.getByRole('radio', { name: /^4\.5 & up/ }).check();
  await expect(count(page)).toHaveText(`${rated} courses`);
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(rated);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(count(page)).toHaveText(/to get you started/);
  await page.goto('/search/?q=python');
  await expect(heading(page)).toHaveText(/^\d+ results? for "python"$/);
  const found = await heading(page).textContent();

  await context.setOffline(true);

  await test.step('a search made before gives its results again, and one needing results never fetched says it could not load', async () => {
    await page.reload();
    await expect(heading(page)).toHaveText(found!);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();

    // The index itself was cached: a word no course has is answered offline too.
    await page.goto('/search/?q=zebra');
    await expect(heading(page)).toHaveText('No courses match "zebra"');

    // Other courses' result records were never fetched: a clear message, not a hang.
    await page.goto('/search/?q=aws');
    await expect(page.getByText('The search could not be loaded. Check your connection and try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  await test.step('a listing filtered before filters again from the cached index', async () => {
    await page.goto(listing);
    await waitForHydration(page);
    await page.getByRole('radio', { name: /^4\.5 & up/ }).check();
    await expect(count(page)).toHaveText(`${rated} courses`);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(rated);
    await expect(page.getByText('Filtering needs a connection.')).toHaveCount(0);
  });

  await test.step('an add-to-cart address with ?add= opens the precached cart', async () => {
    await page.goto(`/cart/?add=${encodeURIComponent(seen.id)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'You’re offline' })).toHaveCount(0);
  });
});

/** The precache's entries (Serwist's cache named '…precache…'): each URL, and its revision as Serwist keys it. */
async function precachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.includes('precache'));
    return name ? (await (await caches.open(name)).keys()).map((request) => request.url).sort() : [];
  });
}

/** A precache key's URL as the worker requests it (Serwist adds the revision to the key only). */
const withoutRevision = (url: string) => url.replace(/[?&]__WB_REVISION__=[^&]*$/, '');

test.describe('a new deploy', () => {
  let folder: string;
  let server: ChildProcess;
  let origin: string;

  // Each test deploys into its own copy of out/, on a port of its own: another origin, so a worker
  // and caches of its own, apart from the suite's and the other test's.
  test.beforeEach(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'e2e-deploy-'));
    copyExport('out', folder);
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    server = spawn(process.execPath, ['scripts/tools/serve.mjs', folder, String(port)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.stdout!.once('data', () => resolve());
    });
    origin = `http://127.0.0.1:${port}`;
  });

  test.afterEach(() => {
    server?.kill();
    if (folder) for (const file of [folder, manifestFile(folder)]) rmSync(file, { recursive: true, force: true });
  });

  /**
   * The next deploy: `files` (relative to the export) with `before` replaced by `after`, then the
   * export adapter again, which brings the CSP, _headers and sw.js (the precache's revisions) up
   * to date as a build does. Each file must hold `before`.
   */
  function deploy(files: string[], before: string, after: string) {
    for (const name of files) {
      const file = path.join(folder, name);
      const text = readFileSync(file, 'utf8');
      expect(text, name).toContain(before);
      writeFileSync(file, text.replaceAll(before, after));
    }
    execFileSync(process.execPath, ['scripts/build.mjs', '--steps', folder], {
      env: { ...process.env, BASE_PATH: '' },
    });
  }

  const prompt = (page: Page) => page.getByRole('status').filter({ hasText: 'A new version is available' });

  test('whose app shell changed shows the update prompt, and Reload brings the new version', async ({ page }) => {
    const original = 'Save big. Learn big.';
    const changed = 'Save big. Learn more.';
    // Two worker installs and a rebuild of the CSP and sw.js.
    test.slow();
    await page.goto(`${origin}/`);
    await waitForWorker(page);
    await expect(heading(page)).toHaveText(original);
    await expect(prompt(page)).toHaveCount(0);

    // A new home page (its HTML and RSC payload), under the same build id, as a deploy of the
    // catalogue alone is (config/build-id.mjs). The home page's payload is not precached: the page
    // the old worker keeps meets the new payload, whose hash is not its mark, cannot hydrate with
    // it, and its start-up loader offers the update.
    deploy(['index.html', 'index.txt'], original, changed);
    await page.reload();
    // The running version stays until the visitor accepts the new one.
    await expect(prompt(page)).toBeVisible({ timeout: 20_000 });
    await expect(heading(page)).toHaveText(original);

    const reload = prompt(page).getByRole('button', { name: 'Reload' });
    await reload.focus();
    await expect(reload).toBeFocused();
    await reload.press('Enter');
    await expect(heading(page)).toHaveText(changed);
    await expect(prompt(page)).toHaveCount(0);
  });

  test('of one course: the page the worker kept stays static with the new payload, and the next load hydrates the new page', async ({
    page,
  }) => {
    // A worker install and a rebuild of the CSP and sw.js.
    test.slow();
    const course = alsoSeen;
    const href = courseHref(course.id);
    await page.goto(`${origin}/`);
    await waitForWorker(page);
    await page.goto(`${origin}${href}`);
    await waitForHydration(page);
    await waitForCachedPage(page, href);

    // The course's description reworded, as a catalogue edit rebuilds it: its page and payload,
    // under the same build id. The old page stays in the worker's cache until it revalidates.
    const phrase = /[A-Za-z]+(?: [A-Za-z]+){3,}/.exec(course.description)![0];
    const folder1 = `courses/${encodeURIComponent(course.id)}`;
    deploy([`${folder1}/index.html`, `${folder1}/index.txt`], phrase, phrase.toUpperCase());

    // The kept page meets the new payload: no hydration (React would fail on the mismatch) and no
    // update to offer (the shell did not change); the page works as the static page it is.
    const payload = page.waitForResponse((response) => response.url().endsWith(`${href}index.txt`));
    await page.reload();
    expect(await (await payload).text()).toContain(phrase.toUpperCase());
    await expect(page.getByRole('main')).toContainText(phrase);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? 'static')).toBe('static');
    await expect(prompt(page)).toHaveCount(0);

    // The worker revalidated the page: the next load is the new deploy's page, which hydrates.
    await expect
      .poll(() =>
        page.evaluate(async (url) => (await (await caches.open('pages')).match(url))?.text(), `${origin}${href}`),
      )
      .toContain(phrase.toUpperCase());
    await page.reload();
    await expect(page.getByRole('main')).toContainText(phrase.toUpperCase());
    await waitForHydration(page);
    await expect(prompt(page)).toHaveCount(0);
  });

  test('whose app shell did not change shows no update prompt and downloads nothing of the shell again', async ({
    page,
    context,
  }) => {
    // A worker install and a rebuild of the CSP and sw.js.
    test.slow();
    await page.goto(`${origin}/`);
    await waitForWorker(page);
    const shell = await precachedUrls(page);
    expect(shell.length).toBeGreaterThan(0);
    const worker = readFileSync(path.join(folder, 'sw.js'));

    // A review reworded: its course page (HTML and payload) changes, and no page of the shell
    // shows it. The same number of characters, so the payload's text rows keep their lengths.
    // The build id stays, as a build's does for any change of the catalogue (config/build-id.mjs).
    const course = neverSeen;
    const review = getReviews(course.id)[0]!;
    const phrase = /[A-Za-z]+(?: [A-Za-z]+){3,}/.exec(review.text)![0];
    const page1 = `courses/${encodeURIComponent(course.id)}`;
    deploy([`${page1}/index.html`, `${page1}/index.txt`], phrase, phrase.toUpperCase());
    // The adapter wrote the worker anew, byte for byte: the shell's revisions did not move.
    expect(readFileSync(path.join(folder, 'sw.js')).equals(worker), 'sw.js is unchanged').toBe(true);

    // What a worker installing the new deploy would fetch: the shell's files (with cache: 'reload').
    const shellUrls = new Set(shell.map(withoutRevision));
    const shellFetched: string[] = [];
    context.on('request', (request) => {
      if (request.serviceWorker() && shellUrls.has(request.url())) shellFetched.push(request.url());
    });
    await page.reload();
    await waitForHydration(page);
    // The browser's check for a new worker, made now rather than left to its schedule.
    const found = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      await registration.update();
      return { installing: registration.installing !== null, waiting: registration.waiting !== null };
    });
    expect(found).toEqual({ installing: false, waiting: false });

    // The deploy is live: the course page shows the new wording, under the same worker.
    await page.goto(`${origin}${courseHref(course.id)}`);
    await expect(page.getByRole('main')).toContainText(phrase.toUpperCase());
    await waitForHydration(page);
    await expect(prompt(page)).toHaveCount(0);
    expect(shellFetched, 'no file of the shell fetched again').toEqual([]);
    expect(await precachedUrls(page)).toEqual(shell);
  });
});
