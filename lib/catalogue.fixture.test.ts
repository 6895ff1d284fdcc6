/** @jest-environment node */
import { loadCatalogue } from './load-catalogue';

/*
 * THE SPEC'S FIXTURE: the 22-course catalogue the storefront ships with (SPEC §3, §9).
 *
 * These tests pin one data set, data/courses.json and data/categories.json as shipped, not
 * rules: a shop that adds, removes or reprices a course updates the figures below. The rules
 * every catalogue meets are in lib/schema.ts (tested in schema.test.ts and catalogue.test.ts).
 */

const EXPECTED_IDS = [
  'py-101',
  'py-102',
  'py-201',
  'py-202',
  'py-301',
  'web-101',
  'web-102',
  'web-201',
  'web-202',
  'web-301',
  'ds-101',
  'ds-102',
  'ds-201',
  'ds-202',
  'ds-301',
  'aws-101',
  'aws-201',
  'aws-301',
  'des-101',
  'des-201',
  'mkt-101',
  'mkt-102',
];

/** SPEC §3: python 5, web development 5, data science 5, aws 3, design 2, marketing 2. */
const EXPECTED_COUNTS: [string, number][] = [
  ['python', 5],
  ['web development', 5],
  ['data science', 5],
  ['aws', 3],
  ['design', 2],
  ['marketing', 2],
];

/** SPEC §9's category order, with the labels and tile images the site shows. */
const EXPECTED_CATEGORIES = [
  { name: 'python', label: 'Python', image: '/images/categories/python.svg' },
  { name: 'web development', label: 'Web Development', image: '/images/categories/web-development.svg' },
  { name: 'data science', label: 'Data Science', image: '/images/categories/data-science.svg' },
  { name: 'aws', label: 'AWS', image: '/images/categories/aws.svg' },
  { name: 'design', label: 'Design', image: '/images/categories/design.svg' },
  { name: 'marketing', label: 'Marketing', image: '/images/categories/marketing.svg' },
];

/** The shipped files, whatever CATALOGUE the test run was started with. */
const catalogue = loadCatalogue(undefined);
const courses = catalogue.getCourses();

describe('the spec’s 22-course fixture', () => {
  it('holds the 22 known courses, in this order', () => {
    expect(courses.map((course) => course.id)).toEqual(EXPECTED_IDS);
  });

  it.each(EXPECTED_COUNTS)('has the spec’s number of %s courses', (category, count) => {
    expect(catalogue.getCoursesByCategory(category)).toHaveLength(count);
  });

  it('has the six categories in the spec’s order, with their labels and tiles', () => {
    expect(
      catalogue.getCategories().map((name) => ({
        name,
        label: catalogue.getCategoryLabel(name),
        image: catalogue.getCategoryImage(name),
      })),
    ).toEqual(EXPECTED_CATEGORIES);
  });

  it('runs discounted prices from 5.99 to 19.99 and actual prices from 13.99 to 90.99', () => {
    const discounted = courses.map((course) => course.discounted_price);
    const actual = courses.map((course) => course.actual_price);
    expect([Math.min(...discounted), Math.max(...discounted)]).toEqual([5.99, 19.99]);
    expect([Math.min(...actual), Math.max(...actual)]).toEqual([13.99, 90.99]);
  });

  it('discounts every course (sale price strictly under the list price)', () => {
    for (const course of courses) expect(course.discounted_price).toBeLessThan(course.actual_price);
  });

  it('names each cover after its course id', () => {
    for (const course of courses) expect(course.image).toBe(`/images/courses/${course.id}.svg`);
  });

  it('lists 3–6 learning points and 5–8 content sections per course', () => {
    for (const course of courses) {
      expect(course.what_you_will_learn.length).toBeGreaterThanOrEqual(3);
      expect(course.what_you_will_learn.length).toBeLessThanOrEqual(6);
      expect(course.content.length).toBeGreaterThanOrEqual(5);
      expect(course.content.length).toBeLessThanOrEqual(8);
    }
  });

  it('has more students than ratings on every course', () => {
    for (const course of courses) {
      expect(course.rating_count).toBeGreaterThan(0);
      expect(course.students).toBeGreaterThan(course.rating_count);
    }
  });

  it('uses both forms of lang (a single string and a list)', () => {
    expect(courses.some((course) => typeof course.lang === 'string')).toBe(true);
    expect(courses.some((course) => Array.isArray(course.lang))).toBe(true);
  });

  it('has py-101 as the first python course, as the spec’s example message names it', () => {
    expect(catalogue.getCourse('py-101')).toMatchObject({ category: 'python', rating_star: 4.7 });
    expect(catalogue.getCoursesByCategory('python')[0]?.id).toBe('py-101');
  });
});
