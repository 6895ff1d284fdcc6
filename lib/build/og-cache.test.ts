/** @jest-environment node */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getCourses } from '@/lib/catalogue';
import type { Course } from '@/lib/types';
import { cachedPreview, coursePreview, previewKey } from './og-cache';

const [first, second, third] = getCourses() as [Course, Course, Course];

describe('the link-preview cache key', () => {
  it('is the same for the same texts, build after build', () => {
    expect(previewKey(coursePreview(first))).toBe(previewKey(coursePreview({ ...first })));
  });

  it.each([
    ['name', { course_name: `${first.course_name} (revised)` }],
    ['creator', { creator: 'Someone Else' }],
    ['price', { discounted_price: first.discounted_price + 1 }],
    ['list price', { actual_price: first.actual_price + 1 }],
    ['category', { category: first.category === 'python' ? 'aws' : 'python' }],
  ])('changes when the %s the preview shows changes', (_field, change) => {
    expect(previewKey(coursePreview({ ...first, ...change }))).not.toBe(previewKey(coursePreview(first)));
  });

  it('ignores what the preview does not show (description, rating, students)', () => {
    const edited = { ...first, description: 'New text.', rating_star: 1.5, students: first.students + 1 };
    expect(previewKey(coursePreview(edited))).toBe(previewKey(coursePreview(first)));
  });

  it('changes with the design values the caller passes', () => {
    expect(previewKey({ design: { colour: '#000' }, course: coursePreview(first) })).not.toBe(
      previewKey({ design: { colour: '#111' }, course: coursePreview(first) }),
    );
  });
});

describe('cachedPreview', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'og-cache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Builds every preview of `courses` once, as static generation does; returns how many it rendered. */
  async function build(courses: Course[]): Promise<number> {
    let rendered = 0;
    for (const course of courses) {
      const jpeg = await cachedPreview(
        coursePreview(course),
        async () => {
          rendered++;
          return Buffer.from(`jpeg of ${course.course_name}`);
        },
        dir,
      );
      expect(jpeg.toString()).toBe(`jpeg of ${course.course_name}`);
    }
    return rendered;
  }

  it('renders every preview on a cold build, none on a warm one, and only the changed course after an edit', async () => {
    const courses = [first, second, third];
    expect(await build(courses)).toBe(3);
    expect(await build(courses)).toBe(0);
    const renamed = [first, { ...second, course_name: `${second.course_name} (revised)` }, third];
    expect(await build(renamed)).toBe(1);
    expect(readdirSync(dir).filter((file) => file.endsWith('.jpg'))).toHaveLength(4);
    expect(readdirSync(dir).some((file) => file.endsWith('.tmp'))).toBe(false);
  });
});
