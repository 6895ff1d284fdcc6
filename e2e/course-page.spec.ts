import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { getCourse } from '@/lib/server/catalogue';
import { formatDuration, toSections } from '@/lib/curriculum';
import { courseHref } from '@/lib/routes';
import { expect, test, waitForHydration } from './fixtures';
import { holdScripts } from './hold-scripts';

/*
 * The course page a buyer decides on: the curriculum with its lengths, the level, and the
 * preview player, before and after hydration. py-101 is the shipped course with a preview.
 */

const course = getCourse('py-101')!;
const sections = toSections(course.content);

const content = (page: Page) => page.getByRole('region', { name: 'Course content' });
const sectionToggles = (page: Page) => content(page).locator('summary');
const previewButton = (page: Page) => page.getByRole('button', { name: 'Preview this course' });
const player = (page: Page) => page.getByRole('dialog', { name: course.course_name });
// Located by id: once closed, the dialog leaves the accessibility tree, but the video is still there to check.
const video = (page: Page) => page.locator('#course-preview video');

async function expectNotHydrated(page: Page) {
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
}

/** Starts the video muted (no autoplay with sound is needed for the test) and waits until it plays. */
async function play(videoElement: Locator) {
  await videoElement.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect
    .poll(() => videoElement.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0);
}

const isPaused = (videoElement: Locator) => videoElement.evaluate((element: HTMLVideoElement) => element.paused);

test.describe('curriculum', () => {
  // Its sums, each section's count and length, the level and length on the page, its card and in its
  // JSON-LD, and no player on a course without a preview: e2e/every-page.spec.ts, on the page as loaded.
  test('a section opens to its lectures with their lengths, free previews marked', async ({ page }) => {
    await page.goto(courseHref(course.id));
    const first = sections[0]!;
    const lectures = content(page).locator('details').first().getByRole('listitem');
    await expect(lectures.first()).toBeHidden();
    await sectionToggles(page).first().click();
    await expect(lectures).toHaveText(
      first.lectures!.map(
        (lecture) => `${lecture.title}${lecture.preview ? 'Preview' : ''}${formatDuration(lecture.minutes)}`,
      ),
    );
    await expect(lectures.filter({ hasText: 'Preview' })).toHaveCount(
      first.lectures!.filter((lecture) => lecture.preview).length,
    );
  });

  test('Expand all sections opens every section, and Collapse all closes them', async ({ page }) => {
    await page.goto(courseHref(course.id));
    await waitForHydration(page);
    const details = content(page).locator('details');
    await page.getByRole('button', { name: 'Expand all sections' }).click();
    for (const section of await details.all()) await expect(section).toHaveAttribute('open', '');
    await expect(content(page).getByText(sections.at(-1)!.lectures!.at(-1)!.title)).toBeVisible();

    await page.getByRole('button', { name: 'Collapse all sections' }).click();
    for (const section of await details.all()) await expect(section).not.toHaveAttribute('open');

    // Opening them one by one also turns the button into 'Collapse all sections'.
    for (const toggle of await sectionToggles(page).all()) await toggle.click();
    await expect(page.getByRole('button', { name: 'Collapse all sections' })).toBeVisible();
  });
});

test.describe('preview player', () => {
  test('opens a modal player that loads nothing until played, with captions and the poster', async ({ page }) => {
    const media: string[] = [];
    const posters: string[] = [];
    page.on('request', (request) => {
      if (/\/videos\/.+\.(?:mp4|webm)$/.test(request.url())) media.push(request.url());
      if (request.url().endsWith(course.preview!.poster)) posters.push(request.url());
    });
    await page.goto(courseHref(course.id));
    await waitForHydration(page);
    await expect(player(page)).toBeHidden();
    await page.waitForTimeout(300);
    expect(posters, 'no poster while the player is closed').toEqual([]);
    await previewButton(page).click();
    await expect(player(page)).toBeVisible();
    await expect(video(page)).toHaveAttribute('preload', 'none');
    await expect(video(page)).toHaveAttribute('controls', '');
    await expect(video(page)).toHaveAttribute('poster', course.preview!.poster);
    await expect.poll(() => posters.length, { message: 'the poster, once open' }).toBe(1);
    expect(await video(page).evaluate((element: HTMLVideoElement) => element.autoplay)).toBe(false);
    const track = video(page).locator('track');
    await expect(track).toHaveCount(1);
    await expect(track).toHaveAttribute('kind', 'captions');
    await expect(track).toHaveAttribute('srclang', 'en');
    await expect(track).toHaveAttribute('src', course.preview!.captions[0]!.src);
    await page.waitForTimeout(300);
    expect(media, 'no video bytes before play').toEqual([]);
    expect(await isPaused(video(page))).toBe(true);
  });

  test('Escape closes it and pauses the video; focus returns to the button', async ({ page }) => {
    await page.goto(courseHref(course.id));
    await waitForHydration(page);
    await previewButton(page).click();
    await play(video(page));
    // The captions track is loaded and its cues are what the voice says.
    await expect
      .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.textTracks[0]?.cues?.length ?? 0))
      .toBeGreaterThan(0);
    expect(await video(page).evaluate((element: HTMLVideoElement) => element.textTracks[0]!.cues![0]!.startTime)).toBe(
      0,
    );

    await page.keyboard.press('Escape');
    await expect(player(page)).toBeHidden();
    // The dialog's close event, which pauses it, is a task queued after the dialog hides.
    await expect.poll(() => isPaused(video(page))).toBe(true);
    await expect(previewButton(page)).toBeFocused();
  });

  test('the close button closes it and pauses the video; focus returns to the button', async ({ page }) => {
    await page.goto(courseHref(course.id));
    await waitForHydration(page);
    await previewButton(page).click();
    await play(video(page));
    await player(page).getByRole('button', { name: 'Close preview' }).click();
    await expect(player(page)).toBeHidden();
    // The dialog's close event, which pauses it, is a task queued after the dialog hides.
    await expect.poll(() => isPaused(video(page))).toBe(true);
    await expect(previewButton(page)).toBeFocused();
  });

  test('after a client-side navigation, the player shows its poster and closing still pauses the video', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page
      .getByRole('link', { name: `See details: ${course.course_name}` })
      .first()
      .click();
    await expect(page).toHaveURL(courseHref(course.id));
    await previewButton(page).click();
    await expect(video(page)).toHaveAttribute('poster', course.preview!.poster);
    await play(video(page));
    await page.keyboard.press('Escape');
    await expect(player(page)).toBeHidden();
    // The dialog's close event, which pauses it, is a task queued after the dialog hides.
    await expect.poll(() => isPaused(video(page))).toBe(true);
  });
});

test.describe('before hydration', () => {
  test('sections open, Expand all and Collapse all work, the player opens, and Escape closes and pauses it', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto(courseHref(course.id), { waitUntil: 'domcontentloaded' });
    await expectNotHydrated(page);

    const details = content(page).locator('details');
    await page.getByRole('button', { name: 'Expand all sections' }).click();
    for (const section of await details.all()) await expect(section).toHaveAttribute('open', '');
    await page.getByRole('button', { name: 'Collapse all sections' }).click();
    for (const section of await details.all()) await expect(section).not.toHaveAttribute('open');

    await sectionToggles(page).nth(1).click();
    await expect(content(page).getByText(sections[1]!.lectures![0]!.title)).toBeVisible();

    await previewButton(page).click();
    await expect(player(page)).toBeVisible();
    await expect(video(page)).toHaveAttribute('poster', course.preview!.poster);
    await play(video(page));
    await page.keyboard.press('Escape');
    await expect(player(page)).toBeHidden();
    // The dialog's close event, which pauses it, is a task queued after the dialog hides.
    await expect.poll(() => isPaused(video(page))).toBe(true);
    await expect(previewButton(page)).toBeFocused();

    await previewButton(page).click();
    await player(page).getByRole('button', { name: 'Close preview' }).click();
    await expect(player(page)).toBeHidden();
    await expectNotHydrated(page);

    release();
    await waitForHydration(page);
    // Section 2 is still open: the label has followed it, and hydration kept it.
    await expect(page.getByRole('button', { name: 'Expand all sections' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand all sections' }).click();
    await expect(page.getByRole('button', { name: 'Collapse all sections' })).toBeVisible();
  });
});

test.describe('axe: zero violations', () => {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

  test('with every section open, and with the player open', async ({ page }) => {
    // Two full axe runs on a long page.
    test.slow();
    await page.goto(courseHref(course.id));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Expand all sections' }).click();
    await expect(page.getByRole('button', { name: 'Collapse all sections' })).toBeVisible();
    const open = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(open.violations.map((violation) => violation.id)).toEqual([]);

    await previewButton(page).click();
    await expect(player(page)).toBeVisible();
    const playing = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(playing.violations.map((violation) => violation.id)).toEqual([]);
  });
});

test.describe('service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('never precaches nor caches the preview video or its captions', async ({ page }) => {
    // A worker install, then a play.
    test.slow();
    const worker = readFileSync(path.join(process.cwd(), 'out/sw.js'), 'utf8');
    expect(worker).not.toMatch(/["'][^"']*\.(?:mp4|webm|vtt)["']/);

    await page.goto(courseHref(course.id));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await waitForHydration(page);
    await previewButton(page).click();
    await play(video(page));
    await page.keyboard.press('Escape');

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((url) => /\.(?:mp4|webm|vtt)$/.test(new URL(url).pathname))).toEqual([]);
  });
});
