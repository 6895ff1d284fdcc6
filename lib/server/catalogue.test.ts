/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type * as CatalogueModule from './catalogue';
import { loadCatalogue } from '@/test/helpers/load-catalogue';
import { CatalogueError, MAX_CATALOGUE_BYTES } from '../schema';

/*
 * Rules every catalogue meets, whatever the shop sells: run against the shipped
 * data/courses.json and against a 300-course synthetic catalogue. Facts about the shipped
 * 22 courses (counts, prices, ids) are in catalogue.fixture.test.ts, not here.
 */

const ROOT = path.join(__dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'catalogue-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The error lib/catalogue throws for CATALOGUE=file, or undefined when it reads it. */
function loadError(file: string): CatalogueError | undefined {
  try {
    loadCatalogue(file);
    return undefined;
  } catch (error) {
    // isolateModules gives the error its own copy of the CatalogueError class.
    expect((error as Error).name).toBe('CatalogueError');
    return error as CatalogueError;
  }
}

function writeCatalogue(name: string, data: unknown): string {
  const file = path.join(work, name);
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
  return file;
}

/** `node scripts/tools/synth-catalogue.mjs 300 <file>`: an ES module, so it runs in its own process. */
function synthesize(total: number): string {
  const file = path.join(work, `synthetic-${total}.json`);
  execFileSync(process.execPath, ['scripts/tools/synth-catalogue.mjs', String(total), file], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  return file;
}

const SPEC_FIELDS = [
  'actual_price',
  'category',
  'content',
  'course_name',
  'creator',
  'description',
  'discounted_price',
  'id',
  'image',
  'lang',
  'rating_count',
  'rating_star',
  'students',
  'updated_date',
  'what_you_will_learn',
];

/** Fields a shop may add to a course; the spec's records have none of them. */
const OPTIONAL_FIELDS = ['level', 'preview', 'rating_breakdown', 'checkout'];

const catalogues: [string, string | undefined][] = [
  ['the shipped catalogue (data/courses.json)', undefined],
  ['a synthetic catalogue of 300 courses', synthesize(300)],
];

describe.each(catalogues)('%s', (_name, file) => {
  const catalogue = loadCatalogue(file);
  const courses = catalogue.getCourses();
  const raw = JSON.parse(readFileSync(file ?? path.join(ROOT, 'data/courses.json'), 'utf8')) as { id: string }[];

  it('serves every record of the file, in file order', () => {
    expect(courses.map((course) => course.id)).toEqual(raw.map((record) => record.id));
  });

  it('has every SPEC §3 field on every course, and no other but the optional ones', () => {
    for (const course of courses) {
      const keys = Object.keys(course);
      expect(keys.filter((key) => !OPTIONAL_FIELDS.includes(key)).sort()).toEqual(SPEC_FIELDS);
    }
  });

  it('has unique, URL-safe ids', () => {
    const ids = courses.map((course) => course.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(encodeURIComponent(id)).toBe(id);
  });

  it('keeps ratings in SPEC §3’s range, and sale prices in whole cents at or under the list price', () => {
    for (const course of courses) {
      expect(course.rating_star).toBeGreaterThanOrEqual(3.8);
      expect(course.rating_star).toBeLessThanOrEqual(5);
      expect(Math.round(course.discounted_price * 100)).toBeLessThanOrEqual(Math.round(course.actual_price * 100));
      for (const price of [course.actual_price, course.discounted_price]) {
        expect(price).toBeGreaterThan(0);
        expect(Math.round(price * 100) / 100).toBe(price);
      }
    }
  });

  it('points every course at an existing file under public/', () => {
    for (const image of new Set(courses.map((course) => course.image))) {
      expect(statSync(path.join(ROOT, 'public', image)).isFile()).toBe(true);
    }
  });

  it('finds every course by its own id, and nothing for an unknown id', () => {
    for (const course of courses) expect(catalogue.getCourse(course.id)).toBe(course);
    expect(catalogue.getCourse('does-not-exist')).toBeUndefined();
    expect(catalogue.getCourse('')).toBeUndefined();
  });

  it('splits the courses into their categories, each in catalogue order', () => {
    const categories = catalogue.getCategories();
    for (const category of categories) {
      expect(catalogue.isCategory(category)).toBe(true);
      expect(catalogue.getCoursesByCategory(category)).toEqual(
        courses.filter((course) => course.category === category),
      );
    }
    const listed = categories.flatMap((category) => catalogue.getCoursesByCategory(category));
    expect(listed).toHaveLength(courses.length);
  });

  it('gives an empty list and no category for names not in categories.json', () => {
    for (const name of ['cooking', 'Python', 'web-development', '', ' aws']) {
      expect(catalogue.isCategory(name)).toBe(false);
      expect(catalogue.getCoursesByCategory(name)).toEqual([]);
    }
  });

  it('orders categories by position and gives each a label and an existing tile image', () => {
    const records = JSON.parse(readFileSync(path.join(ROOT, 'data/categories.json'), 'utf8')) as {
      name: string;
      label: string;
      image: string;
      position: number;
    }[];
    const byPosition = [...records].sort((a, b) => a.position - b.position);
    expect(catalogue.getCategories()).toEqual(byPosition.map((record) => record.name));
    for (const record of records) {
      expect(catalogue.getCategoryLabel(record.name)).toBe(record.label);
      expect(catalogue.getCategoryImage(record.name)).toBe(record.image);
      expect(statSync(path.join(ROOT, 'public', record.image)).isFile()).toBe(true);
    }
    expect(() => catalogue.getCategoryLabel('cooking')).toThrow('Unknown category "cooking"');
  });

  it('gives the cart only the SPEC §3 cart item', () => {
    const course = courses[courses.length - 1]!;
    expect(catalogue.toCartItem(course)).toEqual({
      courseID: course.id,
      image: course.image,
      course_name: course.course_name,
      creator: course.creator,
      discounted_price: course.discounted_price,
      category: course.category,
    });
  });
});

describe('CATALOGUE=<file>', () => {
  const shipped = JSON.parse(readFileSync(path.join(ROOT, 'data/courses.json'), 'utf8')) as Record<string, unknown>[];

  it('makes lib/catalogue read that file instead of data/courses.json', () => {
    const two = shipped.slice(0, 2).map((course, index) => ({ ...course, id: `other-${index + 1}` }));
    const file = writeCatalogue('two.json', two);
    const catalogue = loadCatalogue(file);
    expect(catalogue.getCourses().map((course) => course.id)).toEqual(['other-1', 'other-2']);
    expect(catalogue.getCourse('py-101')).toBeUndefined();
    expect(loadCatalogue(undefined).getCourse('py-101')).toBeDefined();
  });

  it('names the file it reads: CATALOGUE, or data/courses.json without it', () => {
    const saved = process.env.CATALOGUE;
    const { catalogueFile } = jest.requireActual<typeof CatalogueModule>('./catalogue');
    try {
      process.env.CATALOGUE = 'exports/shop.json';
      expect(catalogueFile()).toBe('exports/shop.json');
      delete process.env.CATALOGUE;
      expect(catalogueFile()).toBe('data/courses.json');
    } finally {
      if (saved !== undefined) process.env.CATALOGUE = saved;
    }
  });

  it('throws on a bad record, naming the file, the course and the field', () => {
    const file = writeCatalogue('bad-rating.json', [{ ...shipped[0], rating_star: 6 }, ...shipped.slice(1)]);
    const error = loadError(file);
    expect(error?.problems).toEqual([`${file}: course "py-101" (#1): rating_star must be between 3.8 and 5, got 6`]);
    expect(error?.message).toContain(`${file}: course "py-101" (#1): rating_star must be between 3.8 and 5, got 6`);
  });

  it('throws on a file that is not JSON, naming it', () => {
    const file = writeCatalogue('not-json.json', '[{"id": "py-101",]');
    expect(loadError(file)?.problems).toEqual([expect.stringMatching(new RegExp(`^${file}: is not valid JSON \\(`))]);
  });

  it('reports invalid JSON with the line and column of the fault', () => {
    const file = writeCatalogue('trailing-comma.json', '[\n  {\n    "id": "py-101",\n  }\n]');
    expect(loadError(file)?.problems).toEqual([
      `${file}: is not valid JSON (line 4, column 3: Expected double-quoted property name)`,
    ]);
    const stray = writeCatalogue('stray-word.json', '[\n  1,\n  2,\n     oops\n]');
    expect(loadError(stray)?.problems).toEqual([
      `${stray}: is not valid JSON (line 4, column 6: Unexpected token 'o')`,
    ]);
  });

  it('refuses a file over the size limit before parsing it, naming the size', () => {
    // Not JSON at all: a parse would fail differently, so the message shows the size came first.
    const file = writeCatalogue('huge.json', 'x'.repeat(MAX_CATALOGUE_BYTES + 1));
    expect(loadError(file)?.problems).toEqual([`${file}: is 100 MB, more than the 100 MB a catalogue file may be`]);
  });

  it('takes a 10,000-course shop with room to spare: twice that many courses of the synthetic size fit', () => {
    const perCourse = statSync(synthesize(1000)).size / 1000;
    expect(perCourse * 20_000).toBeLessThan(MAX_CATALOGUE_BYTES);
  });

  it('throws on a file that does not exist, naming it', () => {
    const file = path.join(work, 'missing.json');
    expect(loadError(file)?.problems).toEqual([
      expect.stringMatching(new RegExp(`^${file}: cannot read the file \\(`)),
    ]);
  });
});
