/** @jest-environment node */
import { CatalogueError, parseInstructors, parseReviews, type InstructorContext, type ReviewContext } from './schema';

/*
 * The rules of the optional instructors and reviews files: each test asserts the whole message,
 * which names the file, the record and the field. A course's rating_breakdown and the creators'
 * page slugs are course rules, in schema.test.ts.
 */

const COURSES = 'data/courses.json';
const INSTRUCTORS = 'data/instructors.json';
const REVIEWS = 'data/reviews.json';

const publicFileExists = (path: string) => path === '/images/maya.jpg';

/** The problems `run` reports, or [] when it returns. */
function problems(run: () => unknown): readonly string[] {
  try {
    run();
    return [];
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    return error.problems;
  }
}

describe('instructors file', () => {
  const context: InstructorContext = {
    courseFile: COURSES,
    courses: [{ creator: 'Maya Lindqvist' }, { creator: 'Tomás Herrera' }],
    publicFileExists,
  };
  const record = (overrides: Record<string, unknown> = {}) => ({
    name: 'Maya Lindqvist',
    headline: 'Python teacher and former backend engineer',
    bio: ['Maya has taught Python since 2012.', 'She lives in Uppsala.'],
    ...overrides,
  });
  const check = (data: unknown) => problems(() => parseInstructors({ file: INSTRUCTORS, data }, context));

  it('accepts records of creators, with or without a photo, and an empty list', () => {
    const data = [record({ image: '/images/maya.jpg' }), record({ name: 'Tomás Herrera' })];
    expect(parseInstructors({ file: INSTRUCTORS, data }, context).map(({ name }) => name)).toEqual([
      'Maya Lindqvist',
      'Tomás Herrera',
    ]);
    expect(check([])).toEqual([]);
  });

  it('reports a name that no course has as its creator, suggesting the one it looks like', () => {
    expect(
      check([record({ name: 'Maya Lindquist' }), record({ name: 'tomas herrera' }), record({ name: 'Ada' })]),
    ).toEqual([
      'data/instructors.json: instructor "Maya Lindquist" (#1): name must be exactly the creator of a course in data/courses.json, got "Maya Lindquist" (did you mean "Maya Lindqvist"?)',
      'data/instructors.json: instructor "tomas herrera" (#2): name must be exactly the creator of a course in data/courses.json, got "tomas herrera" (did you mean "Tomás Herrera"?)',
      'data/instructors.json: instructor "Ada" (#3): name must be exactly the creator of a course in data/courses.json, got "Ada"',
    ]);
  });

  it('reports a second record of one instructor', () => {
    expect(check([record(), record()])).toEqual([
      'data/instructors.json: instructor "Maya Lindqvist" (#2): name must be unique, got "Maya Lindqvist" again (first at #1)',
    ]);
  });

  it('reports a missing or multi-line headline, an empty bio, a missing photo and unknown fields', () => {
    const at = (line: string) => `data/instructors.json: instructor "Maya Lindqvist" (#1): ${line}`;
    expect(check([record({ headline: undefined })])).toEqual([at('headline is missing (expected a string)')]);
    expect(check([record({ headline: 'Teacher\nAuthor' })])).toEqual([
      at('headline must be one line (no line breaks), got "Teacher\\nAuthor"'),
    ]);
    expect(check([record({ bio: [] })])).toEqual([at('bio must list at least one paragraph, got an empty list')]);
    expect(check([record({ bio: 'One paragraph' })])).toEqual([at('bio must be a list, got "One paragraph"')]);
    expect(check([record({ image: '/images/gone.jpg' })])).toEqual([
      at('image must name an existing file under public/, got "/images/gone.jpg"'),
    ]);
    expect(check([record({ photo: '/images/maya.jpg' })])).toEqual([
      at('unknown field "photo" (expected only name, headline, bio, image)'),
    ]);
  });

  it('bounds the texts: a 200-character headline, 5,000-character paragraphs, 10 paragraphs', () => {
    const at = (line: string) => `data/instructors.json: instructor "Maya Lindqvist" (#1): ${line}`;
    expect(check([record({ headline: 'h'.repeat(200), bio: Array(10).fill('b'.repeat(5000)) })])).toEqual([]);
    expect(check([record({ headline: 'h'.repeat(201) })])).toEqual([
      at(`headline must be at most 200 characters, got 201: "${'h'.repeat(57)}..."`),
    ]);
    expect(check([record({ bio: ['b'.repeat(5001)] })])).toEqual([
      at(`bio[0] must be at most 5000 characters, got 5001: "${'b'.repeat(57)}..."`),
    ]);
    expect(check([record({ bio: Array(11).fill('b') })])).toEqual([
      at('bio must list at most 10 paragraphs, got a list of 11'),
    ]);
  });

  it('reports a file that is not a list', () => {
    expect(check({ name: 'Maya Lindqvist' })).toEqual([
      'data/instructors.json: must be a JSON list of instructor records, got an object',
    ]);
  });
});

describe('reviews file', () => {
  const context: ReviewContext = { courseFile: COURSES, courseIds: new Set(['py-101']), latestDate: '2026-11-25' };
  const review = (overrides: Record<string, unknown> = {}) => ({
    course: 'py-101',
    author: 'Ana P.',
    rating: 5,
    date: '2026-08-14',
    text: 'Clear from the first lesson.',
    ...overrides,
  });
  const check = (data: unknown) => problems(() => parseReviews({ file: REVIEWS, data }, context));
  const at = (line: string, number = 1) => `data/reviews.json: review of "py-101" (#${number}): ${line}`;

  it('accepts reviews of existing courses rated 1 to 5 up to the latest date, and an empty list', () => {
    const data = [review({ rating: 1 }), review({ date: '2026-11-25' }), review({ date: '2024-02-29' })];
    expect(parseReviews({ file: REVIEWS, data }, context)).toHaveLength(3);
    expect(check([])).toEqual([]);
  });

  it('reports a review of a course that does not exist', () => {
    expect(check([review({ course: 'gone-101' })])).toEqual([
      'data/reviews.json: review of "gone-101" (#1): course must be the id of a course in data/courses.json, got "gone-101"',
    ]);
  });

  it('reports a rating that is not a whole number from 1 to 5', () => {
    for (const rating of [0, 6, 4.5]) {
      expect(check([review({ rating })])).toEqual([at(`rating must be a whole number from 1 to 5, got ${rating}`)]);
    }
    expect(check([review({ rating: '5' })])).toEqual([at('rating must be a number, got "5"')]);
  });

  it('reports a date that is not ISO, not on the calendar, or in the future', () => {
    expect(check([review({ date: '14/08/2026' })])).toEqual([
      at('date must be a date as YYYY-MM-DD, e.g. "2026-08-14", got "14/08/2026"'),
    ]);
    expect(check([review({ date: '2026-02-30' })])).toEqual([
      at('date must be a real date of the calendar, got "2026-02-30"'),
    ]);
    expect(check([review({ date: '2026-11-26' })])).toEqual([
      at('date must not be in the future (after 2026-11-25), got "2026-11-26"'),
    ]);
  });

  it('bounds the author at 200 characters and the text at 5,000, and refuses empty ones', () => {
    expect(check([review({ author: 'a'.repeat(200), text: 't'.repeat(5000) })])).toEqual([]);
    expect(check([review({ text: 't'.repeat(5001) })])).toEqual([
      at(`text must be at most 5000 characters, got 5001: "${'t'.repeat(57)}..."`),
    ]);
    expect(check([review({ author: ' ' })])).toEqual([at('author must not be empty, got " "')]);
  });

  it('reports every problem at once, by review number, with unknown and missing fields', () => {
    expect(check([review(), review({ stars: 5, rating: undefined }), 'great'])).toEqual([
      at('rating is missing (expected a number)', 2),
      at('unknown field "stars" (expected only course, author, rating, date, text)', 2),
      'data/reviews.json: review #3: must be an object, got "great"',
    ]);
  });
});
