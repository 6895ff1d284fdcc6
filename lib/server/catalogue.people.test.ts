import { countByStars } from '@/lib/reviews';
/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as CatalogueModule from './catalogue';

/*
 * The access layer's instructors and reviews, over the shipped courses with the files INSTRUCTORS
 * and REVIEWS name. Facts about the shipped instructors and reviews are in catalogue.fixture.test.ts.
 */

const work = mkdtempSync(path.join(tmpdir(), 'catalogue-people-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function file(name: string, data: unknown): string {
  const written = path.join(work, name);
  writeFileSync(written, JSON.stringify(data));
  return written;
}

/** Runs `read` on a fresh lib/catalogue with these variables set (the files are read on first use). */
function withCatalogue<T>(env: Record<string, string | undefined>, read: (catalogue: typeof CatalogueModule) => T): T {
  const names = ['CATALOGUE', 'INSTRUCTORS', 'REVIEWS'];
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  for (const name of names) {
    if (env[name] === undefined) delete process.env[name];
    else process.env[name] = env[name];
  }
  try {
    let loaded: typeof CatalogueModule | undefined;
    jest.isolateModules(() => {
      loaded = jest.requireActual<typeof CatalogueModule>('@/lib/server/catalogue');
    });
    return read(loaded!);
  } finally {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  }
}

const maya = {
  name: 'Maya Lindqvist',
  headline: 'Python teacher',
  bio: ['Maya has taught Python since 2012.'],
};

const review = (overrides: Record<string, unknown>) => ({
  course: 'py-101',
  author: 'Ana P.',
  rating: 5,
  date: '2026-08-14',
  text: 'Clear.',
  ...overrides,
});

describe('instructors', () => {
  const instructors = file('instructors.json', [maya]);

  it('are every distinct creator, in the order of their first course, with the record where there is one', () => {
    withCatalogue({ INSTRUCTORS: instructors }, (catalogue) => {
      const all = catalogue.getInstructors();
      const creators = [...new Set(catalogue.getCourses().map((course) => course.creator))];
      expect(all.map(({ name }) => name)).toEqual(creators);
      expect(all[0]).toEqual({ ...maya, slug: 'maya-lindqvist' });
      expect(catalogue.getInstructor('tomas-herrera')).toEqual({
        name: 'Tomás Herrera',
        slug: 'tomas-herrera',
        bio: [],
      });
      expect(catalogue.getInstructor('nobody')).toBeUndefined();
    });
  });

  it("give a course's instructor, and an instructor's courses and totals from the catalogue", () => {
    withCatalogue({ INSTRUCTORS: instructors }, (catalogue) => {
      const course = catalogue.getCourse('py-101')!;
      expect(catalogue.getCourseInstructor(course).slug).toBe('maya-lindqvist');
      const courses = catalogue.getInstructorCourses('maya-lindqvist');
      expect(courses.map(({ creator }) => creator)).toEqual(courses.map(() => 'Maya Lindqvist'));
      expect(catalogue.getInstructorTotals('maya-lindqvist')).toEqual({
        courses: courses.length,
        students: courses.reduce((sum, { students }) => sum + students, 0),
        ratings: courses.reduce((sum, { rating_count }) => sum + rating_count, 0),
      });
      expect(catalogue.getInstructorCourses('nobody')).toEqual([]);
      expect(catalogue.getInstructorTotals('nobody')).toEqual({ courses: 0, students: 0, ratings: 0 });
    });
  });

  it('reports a record whose name no course has, naming the file it was given', () => {
    const stray = file('stray-instructors.json', [{ ...maya, name: 'Nobody Here' }]);
    expect(() => withCatalogue({ INSTRUCTORS: stray }, (catalogue) => catalogue.getInstructors())).toThrow(
      `${stray}: instructor "Nobody Here" (#1): name must be exactly the creator of a course in data/courses.json, got "Nobody Here"`,
    );
  });

  it('reports a named file that is missing, rather than showing no instructors', () => {
    const missing = path.join(work, 'missing.json');
    expect(() => withCatalogue({ INSTRUCTORS: missing }, (catalogue) => catalogue.getInstructors())).toThrow(
      `${missing}: cannot read the file`,
    );
  });
});

describe('reviews', () => {
  const reviews = file('reviews.json', [
    review({ author: 'old', date: '2025-01-02', rating: 2 }),
    review({ author: 'new', date: '2026-09-01' }),
    review({ author: 'other course', course: 'py-102', rating: 4 }),
    review({ author: 'same day', date: '2026-09-01', rating: 4 }),
  ]);

  it("are a course's reviews newest first, one day's in file order, and none for a course without", () => {
    withCatalogue({ REVIEWS: reviews }, (catalogue) => {
      expect(catalogue.getReviews('py-101').map(({ author }) => author)).toEqual(['new', 'same day', 'old']);
      expect(catalogue.getReviews('py-102').map(({ author }) => author)).toEqual(['other course']);
      expect(catalogue.getReviews('web-101')).toEqual([]);
      expect(countByStars(catalogue.getReviews('py-101'))).toEqual([1, 1, 0, 1, 0]);
      expect(catalogue.getReviewTotal()).toBe(4);
    });
  });

  it('reports a review of a course the catalogue does not have', () => {
    const stray = file('stray-reviews.json', [review({ course: 'gone-101' })]);
    expect(() => withCatalogue({ REVIEWS: stray }, (catalogue) => catalogue.getReviews('py-101'))).toThrow(
      `${stray}: review of "gone-101" (#1): course must be the id of a course in data/courses.json, got "gone-101"`,
    );
  });

  it('are none for another catalogue that names no reviews file', () => {
    const other = file('courses.json', [
      withCatalogue({}, (catalogue) => ({ ...catalogue.getCourse('py-101'), creator: 'Someone Else' })),
    ]);
    withCatalogue({ CATALOGUE: other }, (catalogue) => {
      expect(catalogue.getReviews('py-101')).toEqual([]);
      expect(catalogue.getInstructors()).toEqual([{ name: 'Someone Else', slug: 'someone-else', bio: [] }]);
      expect(catalogue.getReviewsPages()).toEqual([]);
    });
  });

  it('give a course with more than a page of them the pages of each number of stars it has, and no other course', () => {
    const many = file(
      'many-reviews.json',
      Array.from({ length: 61 }, (_, index) => ({
        course: 'py-101',
        author: `Student ${index + 1}`,
        rating: index % 3 === 0 ? 3 : 5,
        date: '2026-01-01',
        text: 'Fine.',
      })).concat([{ course: 'web-101', author: 'One', rating: 4, date: '2026-01-01', text: 'Good.' }]),
    );
    withCatalogue({ REVIEWS: many }, (catalogue) => {
      expect(catalogue.getReviewsPages()).toEqual([
        { id: 'py-101', page: 1 },
        { id: 'py-101', page: 2 },
        { id: 'py-101', page: 1, stars: 5 },
        { id: 'py-101', page: 1, stars: 3 },
        { id: 'web-101', page: 1 },
      ]);
    });
  });
});

describe('the synthetic catalogue (scripts/tools/synth-catalogue.mjs)', () => {
  /** `node scripts/tools/synth-catalogue.mjs N <file>`: an ES module, so it runs in its own process. */
  function synthesize(total: number): string {
    const courses = path.join(work, `synthetic-${total}.json`);
    execFileSync(process.execPath, ['scripts/tools/synth-catalogue.mjs', String(total), courses], {
      cwd: path.join(__dirname, '../..'),
      stdio: 'ignore',
    });
    return courses;
  }

  it('writes instructors and about 20 reviews a course beside the courses, all meeting the schema', () => {
    const courses = synthesize(300);
    const env = {
      CATALOGUE: courses,
      INSTRUCTORS: courses.replace(/\.json$/, '.instructors.json'),
      REVIEWS: courses.replace(/\.json$/, '.reviews.json'),
    };
    withCatalogue(env, (catalogue) => {
      const reviews = catalogue.getCourses().map((course) => catalogue.getReviews(course.id).length);
      const total = reviews.reduce((sum, count) => sum + count, 0);
      expect(total / reviews.length).toBeGreaterThan(17);
      expect(total / reviews.length).toBeLessThan(23);
      expect(reviews.filter((count) => count === 0).length).toBeGreaterThan(0);
      const instructors = catalogue.getInstructors();
      const withRecords = instructors.filter((instructor) => instructor.headline !== undefined);
      expect(withRecords.length).toBeGreaterThan(instructors.length / 2);
      expect(withRecords.length).toBeLessThan(instructors.length);
      for (const course of catalogue.getCourses()) expect(course.rating_breakdown).toHaveLength(5);
    });
  });

  it('writes the same files for the same number of courses', () => {
    const first = synthesize(40);
    const before = readFileSync(first.replace(/\.json$/, '.reviews.json'), 'utf8');
    expect(readFileSync(synthesize(40).replace(/\.json$/, '.reviews.json'), 'utf8')).toBe(before);
  });
});
