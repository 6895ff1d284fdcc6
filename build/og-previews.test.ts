/** @jest-environment node */
import { getCourses } from '@/lib/server/catalogue';
import { ogImagePath } from '@/lib/server/seo';
import type { Course } from '@/lib/types';
import { previewKey } from './og';
import { ogPreviews, type OgPreview } from './og-previews';

const courses = getCourses();
const [first] = courses as [Course];

/** The cache key of the preview of `course`, as the export's link-preview step computes it. */
function keyOf(course: Course): string {
  const { design, previews } = ogPreviews([course]);
  return previewKey(previews[1] as OgPreview, design);
}

describe('ogPreviews', () => {
  it('lists the site-wide image and one per course, at the file names the pages link to', () => {
    const { previews } = ogPreviews();
    expect(previews.map(({ file }) => `/og/${file}`)).toEqual([
      ogImagePath(),
      ...courses.map((course) => ogImagePath(course.id)),
    ]);
  });

  it("shows a course's category label, name, creator and both prices, formatted", () => {
    const preview = ogPreviews([first]).previews[1];
    expect(preview).toEqual({
      file: `${first.id}.jpg`,
      card: 'course',
      course: {
        category: expect.any(String),
        name: first.course_name,
        creator: first.creator,
        listPrice: expect.stringMatching(/^\$\d/),
        price: expect.stringMatching(/^\$\d/),
      },
    });
  });
});

describe("a preview's cache key", () => {
  it('is the same for the same texts, build after build', () => {
    expect(keyOf(first)).toBe(keyOf({ ...first }));
  });

  it.each([
    ['name', { course_name: `${first.course_name} (revised)` }],
    ['creator', { creator: 'Someone Else' }],
    ['price', { discounted_price: first.discounted_price + 1 }],
    ['list price', { actual_price: first.actual_price + 1 }],
    ['category', { category: first.category === 'python' ? 'aws' : 'python' }],
  ])('changes when the %s the preview shows changes', (_field, change) => {
    expect(keyOf({ ...first, ...change })).not.toBe(keyOf(first));
  });

  it('ignores what the preview does not show (description, rating, students, id)', () => {
    const edited = {
      ...first,
      id: 'other-id',
      description: 'New text.',
      rating_star: 1.5,
      students: first.students + 1,
    };
    expect(keyOf(edited)).toBe(keyOf(first));
  });

  it('changes with the design values', () => {
    const { design, previews } = ogPreviews([first]);
    const preview = previews[1] as OgPreview;
    expect(previewKey(preview, { ...design, siteName: 'Other' })).not.toBe(previewKey(preview, design));
  });
});
