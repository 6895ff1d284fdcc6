import { getCourses } from '@/lib/server/catalogue';
import { courseHref } from '@/lib/routes';
import { expect, test } from './fixtures';
import { expectRelatedCourses } from './related-cards';

const relatedIds = (html: string, from: string) =>
  [...html.slice(html.indexOf(from)).matchAll(/href="\/courses\/([^/"]+)\/"/g)].map((match) => match[1]);

test.describe("a course page's 'More in {category}'", () => {
  // Every course page's 'More in {category}': e2e/every-page.spec.ts.
  test("a card's 'See details' opens that course's page", async ({ page }) => {
    const [first] = await expectRelatedCourses(
      page,
      getCourses().find((course) => course.id === 'py-101')!,
      getCourses(),
    );
    const section = page.getByRole('region', { name: 'More in Python' });
    await section
      .getByRole('link', { name: /^See details/ })
      .first()
      .click();
    await expect(page).toHaveURL(courseHref(first!));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      getCourses().find((c) => c.id === first)!.course_name,
    );
  });

  test('lists the only other course of a small category', async ({ page }) => {
    await page.goto('/courses/des-201/');
    const section = page.getByRole('region', { name: 'More in Design' });
    await expect(section.getByRole('article')).toHaveCount(1);
    await expect(section.getByRole('link', { name: /^See details/ })).toHaveAttribute('href', '/courses/des-101/');
  });

  test('is pre-rendered in the HTML', async ({ request }) => {
    const html = await (await request.get('/courses/aws-201/')).text();
    expect(html).toContain('More in AWS');
    expect(relatedIds(html, 'More in AWS')).toEqual(['aws-101', 'aws-301']);
  });
});
