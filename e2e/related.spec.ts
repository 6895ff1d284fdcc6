import { getCoursesByCategory } from '../lib/server/catalogue';
import { expect, test } from './fixtures';

const relatedIds = (html: string, from: string) =>
  [...html.slice(html.indexOf(from)).matchAll(/href="\/courses\/([^/"]+)\/"/g)].map((match) => match[1]);

test.describe("a course page's 'More in {category}'", () => {
  test('shows up to four other courses of the same category as course cards', async ({ page }) => {
    await page.goto('/courses/py-101/');
    const section = page.getByRole('region', { name: 'More in Python' });
    await expect(section).toBeVisible();
    const cards = section.getByRole('article');
    await expect(cards).toHaveCount(4);

    const pythonIds = getCoursesByCategory('python').map((course) => course.id);
    const hrefs = await section
      .getByRole('link', { name: /^See details/ })
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const ids = hrefs.map((href) => href?.replace(/^\/courses\/|\/$/g, ''));
    expect(ids).not.toContain('py-101');
    for (const id of ids) expect(pythonIds).toContain(id);
    await expect(cards.first().getByRole('heading', { level: 3 })).toBeVisible();
    await expect(cards.first().getByRole('link', { name: /^Add to cart/ })).toBeVisible();
  });

  test('lists the only other course of a small category', async ({ page }) => {
    await page.goto('/courses/des-201/');
    const section = page.getByRole('region', { name: 'More in Design' });
    await expect(section.getByRole('article')).toHaveCount(1);
    await expect(section.getByRole('link', { name: /^See details/ })).toHaveAttribute('href', '/courses/des-101/');
  });

  test('is pre-rendered in the HTML', async ({ page }) => {
    const html = await (await page.request.get('/courses/aws-201/')).text();
    expect(html).toContain('More in AWS');
    expect(relatedIds(html, 'More in AWS')).toEqual(['aws-101', 'aws-301']);
  });
});
