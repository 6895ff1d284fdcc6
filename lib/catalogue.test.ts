/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';

import categoryRecords from '@/data/categories.json';
import { getCartIndex, getCategories, getCourse, getCourses, getCoursesByCategory, isCategory } from '@/lib/catalogue';
import type { Category } from '@/lib/types';

const courses = getCourses();
const CATEGORY_ORDER = ['python', 'web development', 'data science', 'aws', 'design', 'marketing'] as const;
const categoryImages = Object.fromEntries(categoryRecords.map((category) => [category.name, category.image])) as Record<
  Category,
  string
>;

const PUBLIC_DIR = path.join(__dirname, '..', 'public');

/** True when a public URL path such as '/images/x.svg' names a real file under public/. */
function publicFileExists(urlPath: string): boolean {
  return fs.existsSync(path.join(PUBLIC_DIR, ...urlPath.split('/').filter(Boolean)));
}

const EXPECTED_COUNTS: Record<Category, number> = {
  python: 5,
  'web development': 5,
  'data science': 5,
  aws: 3,
  design: 2,
  marketing: 2,
};

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

describe('course catalogue data', () => {
  it('holds 22 courses', () => {
    expect(getCourses()).toHaveLength(22);
    expect(getCourses()).toBe(courses);
  });

  it.each(Object.entries(EXPECTED_COUNTS))('has the expected number of %s courses', (category, count) => {
    expect(courses.filter((course) => course.category === category)).toHaveLength(count);
  });

  it('uses unique, URL-safe ids', () => {
    const ids = courses.map((course) => course.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(encodeURIComponent(id)).toBe(id);
    }
  });

  describe.each(courses.map((course) => [course.id, course] as const))('course %s', (_id, course) => {
    it('has every SPEC §3 field with the right type', () => {
      expect(isNonEmptyString(course.id)).toBe(true);
      expect(isCategory(course.category)).toBe(true);
      expect(isNonEmptyString(course.image)).toBe(true);
      expect(isNonEmptyString(course.course_name)).toBe(true);
      expect(isNonEmptyString(course.description)).toBe(true);
      expect(isNonEmptyString(course.creator)).toBe(true);
      expect(isNonEmptyString(course.updated_date)).toBe(true);

      for (const value of [
        course.rating_count,
        course.rating_star,
        course.students,
        course.actual_price,
        course.discounted_price,
      ]) {
        expect(typeof value).toBe('number');
        expect(Number.isFinite(value)).toBe(true);
      }

      const langs: readonly unknown[] = typeof course.lang === 'string' ? [course.lang] : course.lang;
      expect(Array.isArray(langs)).toBe(true);
      expect(langs.length).toBeGreaterThan(0);
      for (const lang of langs) expect(isNonEmptyString(lang)).toBe(true);

      for (const item of [...course.what_you_will_learn, ...course.content]) {
        expect(isNonEmptyString(item)).toBe(true);
      }
    });

    it('keeps ratings, counts and prices within range', () => {
      expect(course.rating_star).toBeGreaterThanOrEqual(3.8);
      expect(course.rating_star).toBeLessThanOrEqual(5);

      expect(Number.isInteger(course.rating_count)).toBe(true);
      expect(course.rating_count).toBeGreaterThan(0);
      expect(Number.isInteger(course.students)).toBe(true);
      expect(course.students).toBeGreaterThan(course.rating_count);

      expect(course.discounted_price).toBeGreaterThanOrEqual(5.99);
      expect(course.discounted_price).toBeLessThanOrEqual(19.99);
      expect(course.actual_price).toBeGreaterThanOrEqual(13.99);
      expect(course.actual_price).toBeLessThanOrEqual(90.99);
      expect(course.actual_price).toBeGreaterThan(course.discounted_price);

      // Whole cents only.
      for (const price of [course.actual_price, course.discounted_price]) {
        expect(Math.round(price * 100) / 100).toBe(price);
      }
    });

    it('has a MM/YYYY update date', () => {
      expect(course.updated_date).toMatch(/^(0[1-9]|1[0-2])\/20\d\d$/);
    });

    it('lists 3–6 learning outcomes and 5–8 content sections', () => {
      expect(course.what_you_will_learn.length).toBeGreaterThanOrEqual(3);
      expect(course.what_you_will_learn.length).toBeLessThanOrEqual(6);
      expect(course.content.length).toBeGreaterThanOrEqual(5);
      expect(course.content.length).toBeLessThanOrEqual(8);
    });

    it('points at an existing image under public/', () => {
      expect(course.image).toBe(`/images/courses/${course.id}.svg`);
      expect(publicFileExists(course.image)).toBe(true);
    });
  });

  it('covers the documented price extremes', () => {
    const discounted = courses.map((course) => course.discounted_price);
    const actual = courses.map((course) => course.actual_price);
    expect(Math.min(...discounted)).toBe(5.99);
    expect(Math.max(...discounted)).toBe(19.99);
    expect(Math.min(...actual)).toBe(13.99);
    expect(Math.max(...actual)).toBe(90.99);
  });

  it('uses both forms of lang (single string and list)', () => {
    expect(courses.some((course) => typeof course.lang === 'string')).toBe(true);
    expect(courses.some((course) => Array.isArray(course.lang))).toBe(true);
  });
});

describe('category images', () => {
  it('has one image per category', () => {
    expect(Object.keys(categoryImages).sort()).toEqual([...CATEGORY_ORDER].sort());
  });

  it.each(CATEGORY_ORDER.map((category) => [category]))('has an existing file for %s', (category) => {
    const image = categoryImages[category];
    expect(image).toMatch(/^\/images\/categories\/[a-z0-9-]+\.svg$/);
    expect(publicFileExists(image as string)).toBe(true);
  });
});

describe('getCategories', () => {
  it('returns the 6 categories in CATEGORY_ORDER', () => {
    expect(getCategories()).toEqual([...CATEGORY_ORDER]);
  });
});

describe('getCourse', () => {
  it('finds a known course by id', () => {
    const course = getCourse('py-101');
    expect(course).toBeDefined();
    expect(course?.id).toBe('py-101');
    expect(course?.category).toBe('python');
  });

  it('finds every course by its own id', () => {
    for (const course of courses) expect(getCourse(course.id)).toBe(course);
  });

  it('returns undefined for an unknown id', () => {
    expect(getCourse('does-not-exist')).toBeUndefined();
    expect(getCourse('')).toBeUndefined();
  });
});

describe('getCoursesByCategory', () => {
  it('returns the courses of a known category in catalogue order', () => {
    const python = getCoursesByCategory('python');
    expect(python).toHaveLength(5);
    expect(python.every((course) => course.category === 'python')).toBe(true);
    expect(python).toEqual(courses.filter((course) => course.category === 'python'));
  });

  it('handles categories with spaces', () => {
    expect(getCoursesByCategory('web development')).toHaveLength(5);
    expect(getCoursesByCategory('data science')).toHaveLength(5);
  });

  it('returns an empty list for an unknown category', () => {
    expect(getCoursesByCategory('cooking')).toEqual([]);
    expect(getCoursesByCategory('Python')).toEqual([]);
    expect(getCoursesByCategory('')).toEqual([]);
  });
});

describe('getCartIndex', () => {
  const index = getCartIndex();

  it('has one entry per course, keyed by id', () => {
    expect(Object.keys(index)).toHaveLength(22);
    expect(Object.keys(index).sort()).toEqual(courses.map((course) => course.id).sort());
  });

  it('holds only the six cart fields', () => {
    for (const [id, item] of Object.entries(index)) {
      expect(Object.keys(item).sort()).toEqual(
        ['category', 'courseID', 'course_name', 'creator', 'discounted_price', 'image'].sort(),
      );
      expect(item).not.toHaveProperty('description');
      const course = getCourse(id);
      expect(item).toEqual({
        courseID: id,
        image: course?.image,
        course_name: course?.course_name,
        creator: course?.creator,
        discounted_price: course?.discounted_price,
        category: course?.category,
      });
    }
  });
});

describe('isCategory', () => {
  it.each(CATEGORY_ORDER.map((category) => [category]))('accepts %s', (category) => {
    expect(isCategory(category)).toBe(true);
  });

  it.each([['cooking'], ['Python'], ['web-development'], [''], [' aws']])('rejects %p', (value) => {
    expect(isCategory(value)).toBe(false);
  });
});
