import type { Page } from '@playwright/test';
import { getCourses, getCoursesByCategory } from '@/lib/server/catalogue';
import { courseHref } from '@/lib/routes';
import { expect, test, waitForCachedPage, waitForHydration, waitForWorker } from './fixtures';

/*
 * The service worker on Cloudflare Pages: it installs from what Pages serves (its precache goes
 * through Pages' URL rules and headers), and a visited page opens offline, as e2e/offline.spec.ts
 * checks on serve.mjs in full.
 */
test.use({
  serviceWorkers: 'allow',
  allowedRequestFailures: /^http:\/\/127\.0\.0\.1:\d+\/\S* net::ERR_(?:FAILED|INTERNET_DISCONNECTED)$/,
  allowedConsole:
    /^(?:Failed to load resource: net::ERR_(?:FAILED|INTERNET_DISCONNECTED)$|Failed to fetch RSC payload for \S+\. Falling back to browser navigation\. TypeError: Failed to fetch\n)/,
});

const seen = getCoursesByCategory('web development')[0]!;
const neverSeen = getCourses().find((course) => course.category === 'marketing')!;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('the service worker installs, and offline a visited page opens and an unvisited one shows the offline page', async ({
  page,
  context,
}) => {
  test.slow();
  await page.goto('/');
  await waitForWorker(page);
  await page.goto(courseHref(seen.id));
  await expect(heading(page)).toHaveText(seen.course_name);
  await waitForCachedPage(page, courseHref(seen.id));
  await page.goto('/');
  await waitForHydration(page);

  await context.setOffline(true);
  // Precached: a category page through a link, then the visited course page through the card's.
  await page.getByRole('region', { name: 'Top Categories' }).getByRole('link', { name: 'Web Development' }).click();
  await expect(heading(page)).toHaveText('Web Development courses');
  await page.getByRole('link', { name: `See details: ${seen.course_name}` }).click();
  await expect(heading(page)).toHaveText(seen.course_name);
  await page.reload();
  await expect(heading(page)).toHaveText(seen.course_name);

  await page.goto(courseHref(neverSeen.id));
  await expect(heading(page)).toHaveText('You’re offline');
  await page.goto('/cart/');
  await expect(heading(page)).toHaveText('Shopping Cart');
});
