import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { getCourses, getCoursesByCategory } from '@/lib/server/catalogue';
import { toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { courseHref } from '@/lib/routes';
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

test('an add-to-cart address with ?add= opens the precached cart offline', async ({ page, context }) => {
  await page.goto('/');
  await waitForWorker(page);
  await context.setOffline(true);
  await page.goto(`/cart/?add=${encodeURIComponent(seen.id)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'You’re offline' })).toHaveCount(0);
});

test('offline, a search made before gives its results again, and one needing results never fetched says it could not load', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await waitForWorker(page);
  await page.goto('/search/?q=python');
  await expect(heading(page)).toHaveText(/^\d+ results? for "python"$/);
  const found = await heading(page).textContent();

  await context.setOffline(true);
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

test('offline, a listing filtered before filters again from the cached index', async ({ page, context }) => {
  const listing = '/category/web%20development/';
  const count = (page: Page) => page.getByRole('main').locator('p[aria-live="polite"]');
  const rated = webDev.filter((course) => course.rating_star >= 4.5).length;
  await page.goto('/');
  await waitForWorker(page);
  await page.goto(listing);
  await waitForHydration(page);
  await page.getByRole('radio', { name: /^4\.5 & up/ }).check();
  await expect(count(page)).toHaveText(`${rated} courses`);
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(rated);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(count(page)).toHaveText(/to get you started/);

  await context.setOffline(true);
  await page.reload();
  await waitForHydration(page);
  await page.getByRole('radio', { name: /^4\.5 & up/ }).check();
  await expect(count(page)).toHaveText(`${rated} courses`);
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(rated);
  await expect(page.getByText('Filtering needs a connection.')).toHaveCount(0);
});

test.describe('a new deploy', () => {
  const original = 'Save big. Learn big.';
  const changed = 'Save big. Learn more.';
  let folder: string;
  let server: ChildProcess;
  let origin: string;

  test.beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'e2e-deploy-'));
    cpSync('out', folder, { recursive: true });
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    // Another port is another origin: a worker and caches of its own, apart from the suite's.
    server = spawn(process.execPath, ['scripts/tools/serve.mjs', folder, String(port)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.stdout!.once('data', () => resolve());
    });
    origin = `http://127.0.0.1:${port}`;
  });

  test.afterAll(() => {
    server?.kill();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /**
   * The next deploy: a new home page (its HTML and its RSC payload files, with a new build id as
   * every build has), then the export adapter again, which brings the loader's build id, the CSP
   * and sw.js up to date. The home page's payload is not precached: the page the old worker keeps
   * meets the new payload, cannot hydrate with it, and its start-up loader offers the update.
   */
  function deployChangedHomePage() {
    const build = /data-build="([\w-]+)"/.exec(readFileSync(path.join(folder, 'index.html'), 'utf8'))![1]!;
    for (const name of readdirSync(folder)) {
      if (!/\.(?:html|txt)$/.test(name)) continue;
      const file = path.join(folder, name);
      const text = readFileSync(file, 'utf8').replaceAll(original, changed);
      writeFileSync(file, text.replaceAll(`"b":"${build}"`, `"b":"${build}-next"`));
    }
    execFileSync(process.execPath, ['scripts/export/build.mjs', '--steps', folder], {
      env: { ...process.env, BASE_PATH: '' },
    });
  }

  test('shows the update prompt, and Reload brings the new version', async ({ page }) => {
    // Two worker installs and a rebuild of the CSP and sw.js.
    test.slow();
    await page.goto(`${origin}/`);
    await waitForWorker(page);
    await expect(heading(page)).toHaveText(original);
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(prompt).toHaveCount(0);

    deployChangedHomePage();
    await page.reload();
    // The running version stays until the visitor accepts the new one.
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(heading(page)).toHaveText(original);

    const reload = prompt.getByRole('button', { name: 'Reload' });
    await reload.focus();
    await expect(reload).toBeFocused();
    await reload.press('Enter');
    await expect(heading(page)).toHaveText(changed);
    await expect(prompt).toHaveCount(0);
  });
});
