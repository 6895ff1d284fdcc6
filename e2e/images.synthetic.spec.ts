import { readFileSync, statSync } from 'node:fs';
import sharp from 'sharp';
import { courseHref } from '@/lib/routes';
import type { Course } from '@/lib/types';
import { chosenImage, expect, test } from './fixtures';

/*
 * Photo covers, on the 300-course build (`npm run build:synthetic` → out-synth/): every third
 * course has a 1600×900 JPEG of 430–510 KB (scripts/tools/synth-catalogue.mjs), as a shop's would.
 */

const courses = JSON.parse(readFileSync('.synthetic/courses-300.json', 'utf8')) as Course[];
const photo = courses.find((course) => course.image.endsWith('.jpg'))!;

for (const device of [
  { name: 'a 390 px phone at 2×', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 },
  { name: 'a 1280 px desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
]) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport, deviceScaleFactor: device.deviceScaleFactor });

    test('gets a photo cover as a WebP sized for its slot, a fraction of the original', async ({ page }) => {
      const responses = new Map<string, { type: string; bytes: number }>();
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'image') return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        responses.set(response.url(), { type: response.headers()['content-type'] ?? '', bytes: body.length });
      });
      await page.goto(courseHref(photo.id));
      const cover = page.getByRole('img', { name: `Cover of ${photo.course_name}` });
      const chosen = await chosenImage(cover);
      expect(chosen.url).toContain(`/_img${photo.image}.`);
      expect(chosen.served / chosen.slot).toBeGreaterThanOrEqual(0.75);
      expect(chosen.served / chosen.slot).toBeLessThanOrEqual(1.5);
      await expect.poll(() => responses.get(chosen.url)?.type).toBe('image/webp');
      const original = statSync(`public${photo.image}`).size;
      expect(responses.get(chosen.url)!.bytes).toBeLessThan(original * 0.35);
      expect([...responses.keys()].filter((url) => url.endsWith('.jpg'))).toEqual([]);
    });
  });
}

test.describe('a 390 px phone at 2× on a category page', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });

  test("downloads its photo covers as WebP, for at most 35% of the originals' bytes", async ({ page }) => {
    const served = new Map<string, { type: string; bytes: number }>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'image') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      served.set(new URL(response.url()).pathname, {
        type: response.headers()['content-type'] ?? '',
        bytes: body.length,
      });
    });
    await page.goto('/category/python/');
    const covers = page.locator('main article.course-card > img');
    const count = await covers.count();
    expect(count).toBe(24);
    // Every cover is lazy below the fold: scroll each into view, and wait until it has loaded.
    for (let index = 0; index < count; index++) {
      await covers.nth(index).scrollIntoViewIfNeeded();
      await expect
        .poll(() => covers.nth(index).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    const chosen = await covers.evaluateAll((images: HTMLImageElement[]) =>
      images.map((image) => new URL(image.currentSrc).pathname),
    );
    const photos = chosen.filter((url) => /\/_img\/images\/synthetic\/[^/]+\.jpg\.\d+w\.webp$/.test(url));
    expect(photos.length).toBeGreaterThanOrEqual(6);
    await expect.poll(() => photos.every((url) => served.has(url))).toBe(true);
    let servedBytes = 0;
    let originalBytes = 0;
    for (const url of photos) {
      expect(served.get(url)!.type).toBe('image/webp');
      servedBytes += served.get(url)!.bytes;
      originalBytes += statSync(`public${url.replace(/^\/_img/, '').replace(/\.\d+w\.webp$/, '')}`).size;
    }
    expect(servedBytes).toBeLessThanOrEqual(originalBytes * 0.35);
    expect([...served.keys()].filter((url) => /\.(jpe?g|png)$/.test(url))).toEqual([]);
  });
});

test("a photo course's link preview is its own 1200×630 JPEG", async ({ page }) => {
  await page.goto(courseHref(photo.id));
  const preview = await page.locator('meta[property="og:image"]').getAttribute('content');
  const path = new URL(preview!).pathname;
  expect(path).toBe(`/og/${photo.id}.jpg`);
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^image\/jpeg/);
  const { format, width, height } = await sharp(await response.body()).metadata();
  expect({ format, width, height }).toEqual({ format: 'jpeg', width: 1200, height: 630 });
  const site = await (await page.request.get('/og/default.jpg')).body();
  expect((await response.body()).equals(site)).toBe(false);
});
