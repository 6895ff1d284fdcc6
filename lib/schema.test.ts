/** @jest-environment node */
import { CatalogueError, parseCatalogue, type CatalogueSources } from './schema';

/*
 * One test per schema rule, on small in-memory catalogues: each asserts the whole message,
 * which must name the file, the record (id, or its number when there is no id) and the field,
 * and say what was expected.
 */

const COURSES = 'data/courses.json';
const CATEGORIES = 'data/categories.json';

const EXISTING_FILES = new Set([
  '/images/courses/py-101.svg',
  '/images/courses/py-102.svg',
  '/images/categories/python.svg',
  '/images/categories/aws.svg',
  '/videos/py-101.mp4',
  '/videos/py-101.webm',
  '/videos/py-101.mov',
  '/videos/py-101-poster.jpg',
  '/videos/py-101.en.vtt',
  '/videos/py-101.en.srt',
]);

function category(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'python', label: 'Python', image: '/images/categories/python.svg', position: 1, ...overrides };
}

function course(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'py-101',
    category: 'python',
    image: '/images/courses/py-101.svg',
    course_name: 'Python for Absolute Beginners',
    description: 'Start from a blank editor and finish writing small programs of your own.',
    rating_count: 48210,
    rating_star: 4.7,
    students: 212460,
    creator: 'Maya Lindqvist',
    updated_date: '08/2026',
    lang: ['English', 'Spanish'],
    actual_price: 84.99,
    discounted_price: 12.99,
    what_you_will_learn: ['Install Python and write your first scripts'],
    content: ['Getting Set Up'],
    ...overrides,
  };
}

function without(record: Record<string, unknown>, field: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => key !== field));
}

function sources(
  courses: unknown,
  categories: unknown = [
    category(),
    category({ name: 'aws', label: 'AWS', image: '/images/categories/aws.svg', position: 2 }),
  ],
): CatalogueSources {
  return {
    courses: { file: COURSES, data: courses },
    categories: { file: CATEGORIES, data: categories },
    publicFileExists: (path) => EXISTING_FILES.has(path),
  };
}

/** The problems parseCatalogue reports, or [] when it accepts the catalogue. */
function problems(input: CatalogueSources): readonly string[] {
  try {
    parseCatalogue(input);
    return [];
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    return error.problems;
  }
}

describe('parseCatalogue accepts', () => {
  it('a valid catalogue, courses in file order and categories in position order', () => {
    const catalogue = parseCatalogue(
      sources(
        [course({ id: 'py-102', image: '/images/courses/py-102.svg' }), course({ category: 'aws' })],
        [category({ name: 'aws', label: 'AWS', image: '/images/categories/aws.svg', position: 2 }), category()],
      ),
    );
    expect(catalogue.courses.map((entry) => entry.id)).toEqual(['py-102', 'py-101']);
    expect(catalogue.categories.map((entry) => entry.name)).toEqual(['python', 'aws']);
  });

  it('lang as one string or as a list, and a sale price equal to the list price', () => {
    expect(problems(sources([course({ lang: 'English', discounted_price: 84.99 })]))).toEqual([]);
  });

  it('the ends of the rating range', () => {
    expect(problems(sources([course({ rating_star: 3.8 })]))).toEqual([]);
    expect(problems(sources([course({ rating_star: 5 })]))).toEqual([]);
  });
});

describe('course rules', () => {
  it('reports a missing field', () => {
    expect(problems(sources([without(course(), 'rating_star')]))).toEqual([
      'data/courses.json: course "py-101" (#1): rating_star is missing (expected a number)',
    ]);
  });

  it('reports a missing lang, which may be a string or a list', () => {
    expect(problems(sources([without(course(), 'lang')]))).toEqual([
      'data/courses.json: course "py-101" (#1): lang is missing (expected a string or a list of strings)',
    ]);
  });

  it('reports an unknown field, suggesting the field it looks like', () => {
    expect(problems(sources([course({ ratings_star: 4.5 })]))).toEqual([
      'data/courses.json: course "py-101" (#1): unknown field "ratings_star" (did you mean "rating_star"?)',
    ]);
  });

  it('reports an unknown field unlike any, listing the fields a course has', () => {
    expect(problems(sources([course({ coupon: 'SAVE10' })]))).toEqual([
      'data/courses.json: course "py-101" (#1): unknown field "coupon" (expected only id, category, image, course_name, description, rating_count, rating_star, students, creator, updated_date, lang, actual_price, discounted_price, what_you_will_learn, content, level, preview, rating_breakdown, checkout)',
    ]);
  });

  it('reports a wrong type', () => {
    expect(problems(sources([course({ rating_count: '48210' })]))).toEqual([
      'data/courses.json: course "py-101" (#1): rating_count must be a number, got "48210"',
    ]);
  });

  it('reports a wrong type inside a list, naming the item', () => {
    expect(problems(sources([course({ what_you_will_learn: ['Write scripts', 7] })]))).toEqual([
      'data/courses.json: course "py-101" (#1): what_you_will_learn[1] must be a string, got 7',
    ]);
  });

  it('reports an empty text', () => {
    expect(problems(sources([course({ creator: '  ' })]))).toEqual([
      'data/courses.json: course "py-101" (#1): creator must not be empty, got "  "',
    ]);
  });

  it('reports a count that is not a whole number', () => {
    expect(problems(sources([course({ students: 12.5 })]))).toEqual([
      'data/courses.json: course "py-101" (#1): students must be a whole number, got 12.5',
    ]);
  });

  it.each([
    [6, '6'],
    [3.7, '3.7'],
  ])('reports a rating out of range (%p)', (rating, shown) => {
    expect(problems(sources([course({ rating_star: rating })]))).toEqual([
      `data/courses.json: course "py-101" (#1): rating_star must be between 3.8 and 5, got ${shown}`,
    ]);
  });

  it('reports a price out of range', () => {
    expect(problems(sources([course({ actual_price: 0 })]))).toEqual([
      'data/courses.json: course "py-101" (#1): actual_price must be between 0.01 and 9999.99, got 0',
    ]);
    expect(problems(sources([course({ actual_price: 12000 })]))).toEqual([
      'data/courses.json: course "py-101" (#1): actual_price must be between 0.01 and 9999.99, got 12000',
    ]);
  });

  it('reports a price in fractions of a cent', () => {
    expect(problems(sources([course({ discounted_price: 12.999 })]))).toEqual([
      'data/courses.json: course "py-101" (#1): discounted_price must be in whole cents (at most 2 decimals), got 12.999',
    ]);
  });

  it("reads prices in the shop's currency: whole yen for JPY, up to 3 decimals for KWD", () => {
    const jpy = { code: 'JPY', digits: 0 };
    const kwd = { code: 'KWD', digits: 3 };
    expect(problems({ ...sources([course({ actual_price: 9800, discounted_price: 1200 })]), currency: jpy })).toEqual(
      [],
    );
    expect(problems({ ...sources([course({ actual_price: 8.5, discounted_price: 1.25 })]), currency: kwd })).toEqual(
      [],
    );
    expect(problems({ ...sources([course({ actual_price: 9800, discounted_price: 1200.5 })]), currency: jpy })).toEqual(
      [
        'data/courses.json: course "py-101" (#1): discounted_price must be in whole JPY (JPY has no decimals), got 1200.5',
      ],
    );
    expect(problems({ ...sources([course({ actual_price: 12.3456 })]), currency: kwd })).toEqual([
      'data/courses.json: course "py-101" (#1): actual_price must be in whole minor units of KWD (at most 3 decimals), got 12.3456',
    ]);
    expect(
      problems({ ...sources([course({ actual_price: 1_000_000, discounted_price: 1200 })]), currency: jpy }),
    ).toEqual(['data/courses.json: course "py-101" (#1): actual_price must be between 1 and 999999, got 1000000']);
    expect(
      problems({ ...sources([course({ actual_price: 1.0005, discounted_price: 1.001 })]), currency: kwd }),
    ).toEqual([
      'data/courses.json: course "py-101" (#1): actual_price must be in whole minor units of KWD (at most 3 decimals), got 1.0005',
    ]);
  });

  it('reports a sale price above the list price', () => {
    expect(problems(sources([course({ actual_price: 13.99, discounted_price: 19.99 })]))).toEqual([
      'data/courses.json: course "py-101" (#1): discounted_price must not be above actual_price (13.99), got 19.99',
    ]);
  });

  it.each([['2026-08'], ['13/2026'], ['8/2026'], ['08/26'], ['Aug 2026']])(
    'reports a bad updated_date (%p)',
    (date) => {
      expect(problems(sources([course({ updated_date: date })]))).toEqual([
        `data/courses.json: course "py-101" (#1): updated_date must be a month and year as MM/YYYY, e.g. "08/2026", got "${date}"`,
      ]);
    },
  );

  it('reports a duplicate id at the second record, pointing at the first', () => {
    expect(
      problems(sources([course(), course({ id: 'py-102', image: '/images/courses/py-102.svg' }), course()])),
    ).toEqual(['data/courses.json: course "py-101" (#3): id must be unique, got "py-101" again (first at #1)']);
  });

  it.each([['Py-101'], ['py 101'], ['py--101'], ['py/101'], ['-py']])(
    'reports an id that is not URL-safe (%p)',
    (id) => {
      expect(problems(sources([course({ id })]))).toEqual([
        `data/courses.json: course ${JSON.stringify(id)} (#1): id must be URL-safe: lower-case letters, digits and single hyphens, got ${JSON.stringify(id)}`,
      ]);
    },
  );

  it('reports the reserved id "default", whose link-preview image would replace the site\'s', () => {
    expect(problems(sources([course({ id: 'default' })]))).toEqual([
      'data/courses.json: course "default" (#1): id is reserved for the site (its link-preview image is og/default.jpg), got "default"',
    ]);
  });

  it('names a record without an id by its number', () => {
    expect(problems(sources([course(), without(course({ id: undefined }), 'id')]))).toEqual([
      'data/courses.json: course #2: id is missing (expected a string)',
    ]);
  });

  it('reports an unknown category, listing the known ones', () => {
    expect(problems(sources([course({ category: 'cooking' })]))).toEqual([
      'data/courses.json: course "py-101" (#1): category must be one of the names in data/categories.json ("python", "aws"), got "cooking"',
    ]);
  });

  it('reports an image file that does not exist', () => {
    expect(problems(sources([course({ image: '/images/courses/py-999.svg' })]))).toEqual([
      'data/courses.json: course "py-101" (#1): image must name an existing file under public/, got "/images/courses/py-999.svg"',
    ]);
  });

  it('reports an image path that is not under public/', () => {
    expect(problems(sources([course({ image: 'https://cdn.example.com/py.svg' })]))).toEqual([
      'data/courses.json: course "py-101" (#1): image must be a path under public/ starting with "/", e.g. "/images/courses/py-101.svg", got "https://cdn.example.com/py.svg"',
    ]);
  });

  it('reports an image path that climbs out of public/', () => {
    expect(problems(sources([course({ image: '/images/../../package.json' })]))).toEqual([
      'data/courses.json: course "py-101" (#1): image must stay inside public/ (no "." or ".." segments), got "/images/../../package.json"',
    ]);
  });

  it('reports an image path that climbs out of public/ in percent-encoding', () => {
    expect(problems(sources([course({ image: '/images/courses/%2e%2e/categories/python.svg' })]))).toEqual([
      'data/courses.json: course "py-101" (#1): image must stay inside public/ (no "." or ".." segments), got "/images/courses/%2e%2e/categories/python.svg"',
    ]);
    expect(problems(sources([course({ image: '/images/courses/%2E%2E%2Fcategories/python.svg' })]))).toHaveLength(1);
    expect(problems(sources([course({ image: '/images/courses/.%2e/categories/python.svg' })]))).toHaveLength(1);
  });

  it('reports an image path with a broken percent-escape', () => {
    expect(problems(sources([course({ image: '/images/courses/py%zz.svg' })]))).toEqual([
      'data/courses.json: course "py-101" (#1): image must be a valid percent-encoded path, got "/images/courses/py%zz.svg"',
    ]);
  });

  it('reports a record that is not an object', () => {
    expect(problems(sources([course(), 'py-102']))).toEqual([
      'data/courses.json: course #2: must be an object, got "py-102"',
    ]);
  });
});

describe('size limits', () => {
  const at = (length: number, letter = 'a') => letter.repeat(length);
  const list = (items: number, length = 10) => Array.from({ length: items }, (_, index) => `${index} ${at(length)}`);

  it('accepts every text and list at its limit', () => {
    const atLimits = course({
      course_name: at(200),
      creator: at(200),
      description: at(5000),
      lang: at(300),
      what_you_will_learn: Array.from({ length: 100 }, () => at(300)),
      content: list(100),
    });
    expect(problems(sources([atLimits]))).toEqual([]);
    expect(problems(sources([course({ lang: list(100, 290) })]))).toEqual([]);
  });

  it('reports a name or creator over 200 characters, with its length', () => {
    expect(problems(sources([course({ course_name: at(201), creator: at(250, 'b') })]))).toEqual([
      `data/courses.json: course "py-101" (#1): course_name must be at most 200 characters, got 201: "${at(57)}..."`,
      `data/courses.json: course "py-101" (#1): creator must be at most 200 characters, got 250: "${at(57, 'b')}..."`,
    ]);
  });

  it('reports a description over 5,000 characters', () => {
    expect(problems(sources([course({ description: at(50_000) })]))).toEqual([
      `data/courses.json: course "py-101" (#1): description must be at most 5000 characters, got 50000: "${at(57)}..."`,
    ]);
  });

  it('reports a list of more than 100 items, naming the field', () => {
    expect(problems(sources([course({ what_you_will_learn: list(101), content: list(400) })]))).toEqual([
      'data/courses.json: course "py-101" (#1): what_you_will_learn must list at most 100 items, got a list of 101',
      'data/courses.json: course "py-101" (#1): content must list at most 100 items, got a list of 400',
    ]);
  });

  it('reports a list item over 300 characters, naming the item', () => {
    const points = ['Install Python', at(301)];
    expect(problems(sources([course({ what_you_will_learn: points })]))).toEqual([
      `data/courses.json: course "py-101" (#1): what_you_will_learn[1] must be at most 300 characters, got 301: "${at(57)}..."`,
    ]);
  });

  it('reports a language list or a language over the limits, not as a wrong type', () => {
    expect(problems(sources([course({ lang: list(101) }), course({ id: 'py-102', lang: at(301) })]))).toEqual([
      'data/courses.json: course "py-101" (#1): lang must list at most 100 items, got a list of 101',
      `data/courses.json: course "py-102" (#2): lang must be at most 300 characters, got 301: "${at(57)}..."`,
    ]);
    expect(problems(sources([course({ lang: ['English', ''] })]))).toEqual([
      'data/courses.json: course "py-101" (#1): lang[1] must not be empty, got ""',
    ]);
  });
});

describe('category rules', () => {
  it('reports a missing field, an unknown field and a bad position in categories.json', () => {
    expect(problems(sources([course()], [without(category({ colour: 'blue', position: 0 }), 'label')]))).toEqual([
      'data/categories.json: category "python" (#1): label is missing (expected a string)',
      'data/categories.json: category "python" (#1): position must be 1 or more, got 0',
      'data/categories.json: category "python" (#1): unknown field "colour" (expected only name, label, image, position)',
    ]);
  });

  it('reports a category name that cannot be a readable URL segment', () => {
    expect(problems(sources([course()], [category(), category({ name: 'Web/Dev', position: 2 })]))).toEqual([
      'data/categories.json: category "Web/Dev" (#2): name must be lower-case words joined by single spaces or hyphens, got "Web/Dev"',
    ]);
  });

  it('reports a tile image that does not exist', () => {
    expect(problems(sources([course()], [category({ image: '/images/categories/nope.svg' })]))).toEqual([
      'data/categories.json: category "python" (#1): image must name an existing file under public/, got "/images/categories/nope.svg"',
    ]);
  });

  it('reports a duplicate name and a duplicate position', () => {
    expect(problems(sources([course()], [category(), category({ label: 'Python again' })]))).toEqual([
      'data/categories.json: category "python" (#2): name must be unique, got "python" again (first at #1)',
      'data/categories.json: category "python" (#2): position must be unique, got 1 again (first at #1)',
    ]);
  });

  it('does not repeat a category fault on each of its courses', () => {
    expect(problems(sources([course()], [category({ image: '/images/categories/nope.svg' })]))).toHaveLength(1);
  });
});

describe('file rules', () => {
  it('reports a courses file that is not a list', () => {
    expect(problems(sources({ courses: [course()] }))).toEqual([
      'data/courses.json: must be a JSON list of course records, got an object',
    ]);
  });

  it('reports a categories file that is not a list (and every course category as unknown)', () => {
    expect(problems(sources([course()], 'python'))).toEqual([
      'data/categories.json: must be a JSON list of category records, got "python"',
      'data/courses.json: course "py-101" (#1): category must be one of the names in data/categories.json (), got "python"',
    ]);
  });

  it('reports an empty catalogue', () => {
    expect(problems(sources([]))).toEqual(['data/courses.json: must list at least one course, got an empty list']);
  });

  it('names the file it was given, such as a CATALOGUE export', () => {
    const input = sources([course({ rating_star: 6 })]);
    input.courses.file = 'exports/shop.json';
    expect(problems(input)).toEqual([
      'exports/shop.json: course "py-101" (#1): rating_star must be between 3.8 and 5, got 6',
    ]);
  });
});

describe('reporting', () => {
  it('reports every problem of every record at once, in file order', () => {
    const input = sources(
      [
        course({ rating_star: 6, updated_date: 'soon', actual_price: 10, discounted_price: 12 }),
        course({ id: 'py-102', image: '/images/courses/nope.svg', category: 'cooking' }),
        course({ description: '' }),
      ],
      [category(), category({ name: 'aws', label: 'AWS', image: '/images/categories/aws.svg', position: 1 })],
    );
    expect(problems(input)).toEqual([
      'data/categories.json: category "aws" (#2): position must be unique, got 1 again (first at #1)',
      'data/courses.json: course "py-101" (#1): rating_star must be between 3.8 and 5, got 6',
      'data/courses.json: course "py-101" (#1): updated_date must be a month and year as MM/YYYY, e.g. "08/2026", got "soon"',
      'data/courses.json: course "py-101" (#1): discounted_price must not be above actual_price (10), got 12',
      'data/courses.json: course "py-102" (#2): category must be one of the names in data/categories.json ("python", "aws"), got "cooking"',
      'data/courses.json: course "py-102" (#2): image must name an existing file under public/, got "/images/courses/nope.svg"',
      'data/courses.json: course "py-101" (#3): description must not be empty, got ""',
      'data/courses.json: course "py-101" (#3): id must be unique, got "py-101" again (first at #1)',
    ]);
  });

  it('throws one error whose message lists the problems, for the build log', () => {
    expect(() =>
      parseCatalogue(sources([course({ rating_star: 6 }), course({ id: 'py-102', rating_star: 1 })])),
    ).toThrow(
      'The catalogue has 2 problems:\n' +
        '  data/courses.json: course "py-101" (#1): rating_star must be between 3.8 and 5, got 6\n' +
        '  data/courses.json: course "py-102" (#2): rating_star must be between 3.8 and 5, got 1',
    );
  });

  it('shows at most 50 problems in the message and counts the rest', () => {
    const many = Array.from({ length: 60 }, (_, index) => course({ id: `py-${index}`, rating_star: 6 }));
    const error = (() => {
      try {
        parseCatalogue(sources(many));
      } catch (caught) {
        return caught as CatalogueError;
      }
      throw new Error('parseCatalogue accepted 60 bad courses');
    })();
    expect(error.problems).toHaveLength(60);
    expect(error.message.split('\n')).toHaveLength(1 + 50 + 1);
    expect(error.message).toMatch(/\n {2}… and 10 more$/);
  });
});

describe('optional course fields: level, curriculum, preview', () => {
  const functions = {
    title: 'Functions',
    lectures: [
      { title: 'Defining a function', minutes: 7, preview: true },
      { title: 'Return values', minutes: 9 },
    ],
  };
  const preview = {
    video: '/videos/py-101.mp4',
    poster: '/videos/py-101-poster.jpg',
    captions: [{ lang: 'en', label: 'English', src: '/videos/py-101.en.vtt' }],
  };
  const at = (message: string) => `data/courses.json: course "py-101" (#1): ${message}`;

  it('accepts a course with none of them, as the spec’s records are', () => {
    expect(problems(sources([course()]))).toEqual([]);
  });

  it('accepts every level, sections mixing titles and lectures, and an MP4 or WebM preview', () => {
    for (const level of ['Beginner', 'Intermediate', 'Advanced', 'All levels']) {
      expect(problems(sources([course({ level })]))).toEqual([]);
    }
    expect(problems(sources([course({ content: ['Getting Set Up', functions], preview })]))).toEqual([]);
    expect(problems(sources([course({ preview: { ...preview, video: '/videos/py-101.webm' } })]))).toEqual([]);
  });

  it('reports an unknown level, listing the levels', () => {
    expect(problems(sources([course({ level: 'Expert' })]))).toEqual([
      at('level must be one of "Beginner", "Intermediate", "Advanced", "All levels", got "Expert"'),
    ]);
  });

  it('reports a section that is neither a title nor a section object', () => {
    expect(problems(sources([course({ content: ['Getting Set Up', 7] })]))).toEqual([
      at('content[1] must be a section title (a string) or a section object with a title and lectures, got 7'),
    ]);
  });

  it('reports a section object without lectures, or with none', () => {
    expect(problems(sources([course({ content: [{ title: 'Functions' }] })]))).toEqual([
      at('content[0].lectures is missing (expected a list)'),
    ]);
    expect(problems(sources([course({ content: [{ title: 'Functions', lectures: [] }] })]))).toEqual([
      at('content[0].lectures must list at least one lecture, got an empty list'),
    ]);
  });

  it('reports lecture minutes that are not a positive whole number, naming the lecture', () => {
    const lectures = [
      { title: 'Defining a function', minutes: 0 },
      { title: 'Return values', minutes: 7.5 },
      { title: 'Scope', minutes: '9' },
    ];
    expect(problems(sources([course({ content: [{ title: 'Functions', lectures }] })]))).toEqual([
      at('content[0].lectures[0].minutes must be 1 or more minutes, got 0'),
      at('content[0].lectures[1].minutes must be a whole number, got 7.5'),
      at('content[0].lectures[2].minutes must be a number, got "9"'),
    ]);
  });

  it('reports a preview flag other than true, and unknown fields of a lecture and a section', () => {
    const content = [
      { title: 'Functions', lectures: [{ title: 'Defining a function', minutes: 7, preview: false, free: true }] },
      { ...functions, duration: 16 },
    ];
    expect(problems(sources([course({ content })]))).toEqual([
      at('content[0].lectures[0].preview must be true, or left out, got false'),
      at('content[0].lectures[0] unknown field "free" (expected only title, minutes, preview)'),
      at('content[1] unknown field "duration" (expected only title, lectures)'),
    ]);
  });

  it('reports a preview without captions: captions are required', () => {
    expect(problems(sources([course({ preview: { ...preview, captions: [] } })]))).toEqual([
      at(
        'preview.captions must list at least one captions track (a preview without captions is not allowed), got an empty list',
      ),
    ]);
    expect(problems(sources([course({ preview: without(preview, 'captions') })]))).toEqual([
      at('preview.captions is missing (expected a list)'),
    ]);
  });

  it('reports preview files that are missing or of the wrong kind', () => {
    const bad = {
      video: '/videos/py-101.mov',
      poster: '/videos/missing.jpg',
      captions: [{ lang: 'English', label: 'English', src: '/videos/py-101.en.srt' }],
    };
    expect(problems(sources([course({ preview: bad })]))).toEqual([
      at('preview.video must be an MP4 (H.264) or WebM video (.mp4 or .webm), got "/videos/py-101.mov"'),
      at('preview.poster must name an existing file under public/, got "/videos/missing.jpg"'),
      at('preview.captions[0].lang must be a language tag such as "en" or "pt-BR", got "English"'),
      at('preview.captions[0].src must be a WebVTT file (.vtt), got "/videos/py-101.en.srt"'),
    ]);
    expect(problems(sources([course({ preview: { ...preview, video: '/videos/gone.mp4' } })]))).toEqual([
      at('preview.video must name an existing file under public/, got "/videos/gone.mp4"'),
    ]);
  });

  it('reports an unknown preview field, suggesting the one it looks like', () => {
    expect(problems(sources([course({ preview: { ...preview, captionz: [] } })]))).toEqual([
      at('preview unknown field "captionz" (did you mean "captions"?)'),
    ]);
  });
});

describe('rating_breakdown', () => {
  const at = (line: string) => `data/courses.json: course "py-101" (#1): ${line}`;
  const check = (overrides: Record<string, unknown>) =>
    problems(sources([course({ rating_count: 100, rating_star: 4.5, ...overrides })]));

  it('accepts counts that add up to rating_count with a mean near rating_star, and none at all', () => {
    // Mean 4.5 exactly; 4.46 and 4.54 are within 0.05.
    expect(check({ rating_breakdown: [60, 30, 10, 0, 0] })).toEqual([]);
    expect(check({ rating_breakdown: [58, 30, 12, 0, 0] })).toEqual([]);
    expect(check({ rating_breakdown: [64, 26, 10, 0, 0] })).toEqual([]);
    expect(check({})).toEqual([]);
    expect(check({ rating_count: 0, rating_breakdown: [0, 0, 0, 0, 0] })).toEqual([]);
  });

  it('reports counts that do not add up to rating_count', () => {
    expect(check({ rating_breakdown: [60, 30, 10, 0, 1] })).toEqual([
      at('rating_breakdown must add up to rating_count (100), got 101'),
    ]);
  });

  it('reports a mean more than 0.05 from rating_star', () => {
    expect(check({ rating_breakdown: [50, 40, 10, 0, 0] })).toEqual([
      at('rating_breakdown must have a mean within 0.05 of rating_star (4.5), got 4.4'),
    ]);
    expect(check({ rating_breakdown: [70, 20, 10, 0, 0] })).toEqual([
      at('rating_breakdown must have a mean within 0.05 of rating_star (4.5), got 4.6'),
    ]);
  });

  it('reports a breakdown of other than five whole, non-negative counts', () => {
    expect(check({ rating_breakdown: [60, 30, 10] })).toEqual([
      at('rating_breakdown must list 5 counts: [five, four, three, two, one] stars, got a list of 3'),
    ]);
    expect(check({ rating_breakdown: [60, 30, 10, 0, 0, 0] })).toEqual([
      at('rating_breakdown must list at most 5 items, got a list of 6'),
    ]);
    expect(check({ rating_breakdown: [60, 30, 10.5, 0, -0.5] })).toEqual([
      at('rating_breakdown[2] must be a whole number, got 10.5'),
      at('rating_breakdown[4] must be a whole number, got -0.5'),
    ]);
    expect(check({ rating_breakdown: 'lots' })).toEqual([at('rating_breakdown must be a list, got "lots"')]);
  });

  it('judges the sum and mean only against a valid rating_count and rating_star', () => {
    expect(check({ rating_count: -1, rating_breakdown: [60, 30, 10, 0, 0] })).toEqual([
      at('rating_count must not be negative, got -1'),
    ]);
  });
});

describe('creator slugs', () => {
  it('reports two creators whose instructor pages would share a slug, naming both', () => {
    const courses = [
      course(),
      course({ id: 'py-102', image: '/images/courses/py-102.svg', creator: 'Chloé Dubois' }),
      course({ id: 'py-103', creator: 'maya lindqvist' }),
      course({ id: 'py-104', creator: 'Chloe Dubois' }),
    ];
    expect(problems(sources(courses))).toEqual([
      'data/courses.json: course "py-103" (#3): creator "maya lindqvist" has the same instructor page ' +
        '(/instructors/maya-lindqvist/) as creator "Maya Lindqvist" of course "py-101" (#1): ' +
        'two instructors must differ in more than case, accents and punctuation',
      'data/courses.json: course "py-104" (#4): creator "Chloe Dubois" has the same instructor page ' +
        '(/instructors/chloe-dubois/) as creator "Chloé Dubois" of course "py-102" (#2): ' +
        'two instructors must differ in more than case, accents and punctuation',
    ]);
  });

  it('accepts one creator on many courses, and names that differ only outside Latin letters', () => {
    const courses = [
      course(),
      course({ id: 'py-102' }),
      course({ id: 'py-103', creator: '王小明' }),
      course({ id: 'py-104', creator: '山田太郎' }),
    ];
    expect(problems(sources(courses))).toEqual([]);
  });
});

describe('checkout ids', () => {
  const PRICE = 'pri_01h0abcdefghjkmnpqrstvwxyz';
  const withIds = (id: string, ids: Record<string, unknown>) => course({ id, checkout: ids });

  it('accepts a course with or without them, and keeps them', () => {
    const parsed = parseCatalogue(
      sources([withIds('py-101', { paddle: PRICE, shopify: '44713213' }), course({ id: 'py-102' })]),
    );
    expect(parsed.courses[0]?.checkout).toEqual({ paddle: PRICE, shopify: '44713213' });
    expect(parsed.courses[1]?.checkout).toBeUndefined();
  });

  it('reports a malformed id and an unknown provider, naming the field', () => {
    expect(problems(sources([withIds('py-101', { paddle: 'price_123', shopify: 44713213, stripe: 'x' })]))).toEqual([
      `${COURSES}: course "py-101" (#1): checkout.paddle must be a Paddle price id, "pri_" and 26 lower-case letters or digits, got "price_123"`,
      `${COURSES}: course "py-101" (#1): checkout.shopify must be a string, got 44713213`,
      `${COURSES}: course "py-101" (#1): checkout unknown field "stripe" (expected only paddle, shopify)`,
    ]);
  });

  it("lists every course without the configured provider's id, and only that provider's", () => {
    const catalogue = [
      withIds('py-101', { shopify: '1' }),
      withIds('py-102', { paddle: PRICE }),
      course({ id: 'py-103' }),
    ];
    expect(problems({ ...sources(catalogue), checkoutIds: 'paddle' })).toEqual([
      `${COURSES}: course "py-101" (#1): checkout.paddle is missing (expected the course's Paddle price id: CHECKOUT_PROVIDER=paddle sells every course with one)`,
      `${COURSES}: course "py-103" (#3): checkout.paddle is missing (expected the course's Paddle price id: CHECKOUT_PROVIDER=paddle sells every course with one)`,
    ]);
    expect(problems({ ...sources(catalogue), checkoutIds: 'shopify' }).map((line) => line.split(': ')[1])).toEqual([
      'course "py-102" (#2)',
      'course "py-103" (#3)',
    ]);
    expect(problems(sources(catalogue))).toEqual([]);
  });
});
