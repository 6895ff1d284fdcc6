import { z } from 'zod';
import { shopMoney } from './money';
import { COURSE_LEVELS } from './levels';
import { instructorSlug, slugClashes } from './instructors';
import { breakdownMean } from './reviews';

/*
 * The catalogue's schema (data/courses.json, data/categories.json, and the optional
 * data/instructors.json and data/reviews.json), run at build time only: pages, cart files and the
 * search index are made from records it has accepted, and the TypeScript types below are inferred
 * from it, so the check and the type never drift.
 *
 * What belongs here: rules every catalogue must meet whatever the shop sells (field names and
 * types, SPEC §3's rating range, whole minor units with the sale price not above the list price,
 * URL-safe unique ids, known categories, existing image files). Facts about the 22 courses the spec
 * ships (their counts, price ranges, cover names, ...) pin one data set, not the rules: they live in
 * lib/server/catalogue.fixture.test.ts, so a shop adding a course edits that file only.
 */

/** Lower-case letters, digits and single hyphens: safe in a URL path and a file name. */
const URL_SAFE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Ids whose per-course files would collide with the site's own. */
const RESERVED_IDS = new Set(['default']);

/** Lower-case words joined by single spaces or hyphens ('web development'): a readable URL segment. */
const CATEGORY_NAME = /^[a-z0-9]+(?:[ -][a-z0-9]+)*$/;

/** SPEC §3: rating_star is between 3.8 and 5. */
const RATING_RANGE = { min: 3.8, max: 5 } as const;

/**
 * Any price a shop may set, in minor units of its currency: from 1 (not free: a course at 0 has
 * nothing to discount) to 999,999 ($9,999.99, ￥999,999). The ceiling catches a price typed in
 * minor units (12999 for 129.99).
 */
const PRICE_RANGE_MINOR_UNITS = { min: 1, max: 999_999 } as const;

/** The currency catalogue prices are amounts in: its ISO 4217 code and its decimals (JPY 0, KWD 3). */
export type CatalogueCurrency = { code: string; digits: number };

/*
 * Size limits. Every course text is written into its page several times (HTML, the RSC payload,
 * JSON-LD, the search index), so one runaway field, such as a description pasted twice over,
 * makes a page of hundreds of MB. The limits are generous for a real course and catch that.
 * Lengths are counted as JavaScript does (an emoji counts 2).
 */

/** course_name and creator: a heading, a card title and a link-preview line. */
const MAX_NAME_LENGTH = 200;

/** description: a few paragraphs. */
const MAX_DESCRIPTION_LENGTH = 5000;

/** what_you_will_learn, content and lang: items per list and characters per item. */
const MAX_LIST_ITEMS = 100;
const MAX_ITEM_LENGTH = 300;

/**
 * The whole courses file, checked before it is parsed, so a runaway export cannot exhaust the
 * build's memory (each static-generation worker holds its own parsed copy). It holds a shop
 * several times the 10,000 courses we measure (a unit test checks it takes twice that many).
 */
export const MAX_CATALOGUE_BYTES = 100 * 1024 * 1024;

/** A review's text: a long review is a few paragraphs. */
const MAX_REVIEW_LENGTH = 5000;

/** An instructor's bio: paragraphs of at most MAX_DESCRIPTION_LENGTH characters each. */
const MAX_BIO_PARAGRAPHS = 10;

/**
 * The reviews file, checked before it is parsed as the courses file is: room for 500,000 reviews
 * of 400 characters, well past the synthetic catalogue's (docs/performance.md, 'Figures behind the code').
 */
export const MAX_REVIEWS_BYTES = 200 * 1024 * 1024;

/** A rating_breakdown's mean may differ from rating_star by this much (rating_star is rounded). */
export const BREAKDOWN_MEAN_TOLERANCE = 0.05;

const text = z.string().refine((value) => value.trim() !== '', 'must not be empty');

/** A list of texts: at least one, at most MAX_LIST_ITEMS, each at most MAX_ITEM_LENGTH long. */
function listOf(atLeastOne: string) {
  return z.array(text.max(MAX_ITEM_LENGTH)).min(1, atLeastOne).max(MAX_LIST_ITEMS);
}

function between({ min, max }: { min: number; max: number }) {
  return z.number().refine((value) => value >= min && value <= max, `must be between ${min} and ${max}`);
}

/** A price in `currency`: in range, and with no more decimals than the currency has. */
function priceSchema({ code, digits }: CatalogueCurrency) {
  const scale = 10 ** digits;
  const range = { min: PRICE_RANGE_MINOR_UNITS.min / scale, max: PRICE_RANGE_MINOR_UNITS.max / scale };
  return between(range).refine(
    (value) => Math.abs(value * scale - Math.round(value * scale)) < 1e-6,
    code === 'USD'
      ? 'must be in whole cents (at most 2 decimals)'
      : digits === 0
        ? `must be in whole ${code} (${code} has no decimals)`
        : `must be in whole minor units of ${code} (at most ${digits} decimals)`,
  );
}

const count = z.number().int('must be a whole number').nonnegative('must not be negative');

/** Ratings by stars, [five, four, three, two, one]: the bars of a course's 'Student feedback'. */
const ratingBreakdown = z.tuple([count, count, count, count, count], {
  error: (issue) =>
    issue.code === 'invalid_type' ? undefined : 'must list 5 counts: [five, four, three, two, one] stars',
});

/** 'MM/YYYY', e.g. '08/2026' (SPEC §3: month/year text). */
const monthYear = z
  .string()
  .regex(/^(0[1-9]|1[0-2])\/(19|20)\d{2}$/, 'must be a month and year as MM/YYYY, e.g. "08/2026"');

/** Whether a path under public/ ('/images/…') names an existing file. */
export type PublicFileExists = (publicPath: string) => boolean;

/** A path with its %XX escapes decoded, or undefined when one is malformed ('%zz'). */
export function decodePath(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** A path under public/, e.g. '/images/courses/py-101.svg', naming a file that exists. */
function publicFile(publicFileExists: PublicFileExists) {
  return (
    z
      .string()
      // Each check stops the chain: a URL or a '..' path is reported once, not also as a missing file.
      .regex(/^\/[^\s?#\\]+$/, {
        message: 'must be a path under public/ starting with "/", e.g. "/images/courses/py-101.svg"',
        abort: true,
      })
      .refine((value) => decodePath(value) !== undefined, {
        message: 'must be a valid percent-encoded path',
        abort: true,
      })
      // Judged as the file system will see it: '%2e%2e' is '..'.
      .refine(
        (value) =>
          !decodePath(value)!
            .split(/[/\\]/)
            .some((segment) => segment === '..' || segment === '.'),
        {
          message: 'must stay inside public/ (no "." or ".." segments)',
          abort: true,
        },
      )
      .refine(publicFileExists, 'must name an existing file under public/')
  );
}

/*
 * The optional course fields a course page is decided on: level, a curriculum with lengths, and
 * a preview. Each is its own sub-schema, so a catalogue without them builds as before.
 */

export { COURSE_LEVELS };

const levelSchema = z.enum(COURSE_LEVELS, {
  error: `must be one of ${COURSE_LEVELS.map((level) => JSON.stringify(level)).join(', ')}`,
});

const lectureSchema = z.strictObject({
  title: text.max(MAX_ITEM_LENGTH),
  minutes: z.number().int().positive('must be 1 or more minutes'),
  /** A free-preview lecture. Only `true`: leave the field out otherwise. */
  preview: z.literal(true, { error: 'must be true, or left out' }).optional(),
});

/** A section with its lectures; a plain string is a section title alone (SPEC §3). */
const sectionSchema = z.strictObject({
  title: text.max(MAX_ITEM_LENGTH),
  lectures: z.array(lectureSchema).min(1, 'must list at least one lecture').max(MAX_LIST_ITEMS),
});

const contentItemSchema = z.union([text.max(MAX_ITEM_LENGTH), sectionSchema]);

/** A BCP 47 language tag as <track srclang> takes it: 'en', 'pt-BR'. */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

function fileWithExtension(publicFileExists: PublicFileExists, extensions: readonly string[], what: string) {
  return publicFile(publicFileExists).refine(
    (value) => extensions.some((extension) => value.toLowerCase().endsWith(extension)),
    `must be ${what} (${extensions.join(' or ')})`,
  );
}

function previewSchema(publicFileExists: PublicFileExists) {
  return z.strictObject({
    /** What every browser plays: H.264 in MP4, or WebM. */
    video: fileWithExtension(publicFileExists, ['.mp4', '.webm'], 'an MP4 (H.264) or WebM video'),
    poster: publicFile(publicFileExists),
    // A preview nobody can follow without sound is no preview: captions are required.
    captions: z
      .array(
        z.strictObject({
          lang: z.string().regex(LANGUAGE_TAG, 'must be a language tag such as "en" or "pt-BR"'),
          label: text,
          src: fileWithExtension(publicFileExists, ['.vtt'], 'a WebVTT file'),
        }),
      )
      .min(1, 'must list at least one captions track (a preview without captions is not allowed)'),
  });
}

/*
 * The course's ids at the shops that sell it (README, 'Selling'). The browser hands only these
 * (or the course id) to the checkout: the provider holds the prices, so none is ever sent.
 */

/** A Paddle price id: 'pri_' and Paddle's 26 lower-case letters and digits. */
const PADDLE_PRICE_ID = /^pri_[a-z0-9]{26}$/;

/** A Shopify product variant id: digits, as the cart permalink takes it. */
const SHOPIFY_VARIANT_ID = /^[1-9][0-9]{0,19}$/;

const checkoutSchema = z.strictObject({
  paddle: z
    .string()
    .regex(PADDLE_PRICE_ID, 'must be a Paddle price id, "pri_" and 26 lower-case letters or digits')
    .optional(),
  shopify: z
    .string()
    .regex(SHOPIFY_VARIANT_ID, 'must be a Shopify variant id: digits, as a string, e.g. "44713213"')
    .optional(),
});

/** The checkout providers that take an id of their own for each course. */
export type CheckoutIdProvider = keyof z.infer<typeof checkoutSchema>;

/** The fields of each nested record, for 'unknown field' messages (by the field that holds it). */
const NESTED_FIELDS: Record<string, readonly string[]> = {
  content: Object.keys(sectionSchema.shape),
  lectures: Object.keys(lectureSchema.shape),
  preview: ['video', 'poster', 'captions'],
  captions: ['lang', 'label', 'src'],
  checkout: Object.keys(checkoutSchema.shape),
};

/** What each union field accepts, as messages say it. */
const UNION_EXPECTED: Record<string, string> = {
  lang: 'a string or a list of strings',
  content: 'a section title (a string) or a section object with a title and lectures',
};

/**
 * What the course rules need from outside the record: the category names, the public/ folder and
 * the currency prices are in.
 */
type CourseContext = {
  categoryFile: string;
  categoryNames: readonly string[];
  publicFileExists: PublicFileExists;
  currency: CatalogueCurrency;
};

function courseSchema({ categoryFile, categoryNames, publicFileExists, currency }: CourseContext) {
  const known = new Set(categoryNames);
  const price = priceSchema(currency);
  const scale = 10 ** currency.digits;
  return z
    .object({
      id: z
        .string()
        .regex(URL_SAFE_ID, 'must be URL-safe: lower-case letters, digits and single hyphens')
        // og/default.jpg is the site's own link-preview image; a course's would be og/{id}.jpg.
        .refine(
          (value) => !RESERVED_IDS.has(value),
          'is reserved for the site (its link-preview image is og/default.jpg)',
        ),
      category: z
        .string()
        .refine(
          (value) => known.has(value),
          `must be one of the names in ${categoryFile} (${categoryNames.map((name) => JSON.stringify(name)).join(', ')})`,
        ),
      image: publicFile(publicFileExists),
      course_name: text.max(MAX_NAME_LENGTH),
      description: text.max(MAX_DESCRIPTION_LENGTH),
      rating_count: count,
      rating_star: between(RATING_RANGE),
      students: count,
      creator: text.max(MAX_NAME_LENGTH),
      updated_date: monthYear,
      lang: z.union([text.max(MAX_ITEM_LENGTH), listOf('must list at least one language')]),
      actual_price: price,
      discounted_price: price,
      what_you_will_learn: listOf('must list at least one point'),
      content: z.array(contentItemSchema).min(1, 'must list at least one section').max(MAX_LIST_ITEMS),
      level: levelSchema.optional(),
      preview: previewSchema(publicFileExists).optional(),
      rating_breakdown: ratingBreakdown.optional(),
      checkout: checkoutSchema.optional(),
    })
    .strict()
    .superRefine(
      (course, context) => {
        if (Math.round(course.discounted_price * scale) > Math.round(course.actual_price * scale)) {
          context.addIssue({
            code: 'custom',
            path: ['discounted_price'],
            message: `must not be above actual_price (${course.actual_price})`,
            input: course.discounted_price,
          });
        }
      },
      {
        // Runs beside the record's other faults, so that one build shows them all, but only on
        // an object whose two prices are themselves valid.
        when: ({ value, issues }) =>
          typeof value === 'object' &&
          value !== null &&
          !issues.some((issue) => issue.path?.[0] === 'actual_price' || issue.path?.[0] === 'discounted_price'),
      },
    )
    .superRefine(
      (course, context) => {
        const breakdown = course.rating_breakdown;
        if (!breakdown) return;
        const sum = breakdown.reduce((total, value) => total + value, 0);
        if (sum !== course.rating_count) {
          context.addIssue({
            code: 'custom',
            path: ['rating_breakdown'],
            message: `must add up to rating_count (${course.rating_count})`,
            input: sum,
          });
          return;
        }
        const mean = breakdownMean(breakdown);
        if (mean !== undefined && Math.abs(mean - course.rating_star) > BREAKDOWN_MEAN_TOLERANCE + 1e-9) {
          context.addIssue({
            code: 'custom',
            path: ['rating_breakdown'],
            message: `must have a mean within ${BREAKDOWN_MEAN_TOLERANCE} of rating_star (${course.rating_star})`,
            input: Math.round(mean * 1000) / 1000,
          });
        }
      },
      {
        // Judged only against a valid count and rating, as the prices are.
        when: ({ value, issues }) =>
          typeof value === 'object' &&
          value !== null &&
          !issues.some((issue) =>
            ['rating_breakdown', 'rating_count', 'rating_star'].includes(String(issue.path?.[0])),
          ),
      },
    );
}

function categorySchema(publicFileExists: PublicFileExists) {
  return z
    .object({
      /** The name courses refer to and the URL segment: 'web development'. */
      name: z.string().regex(CATEGORY_NAME, 'must be lower-case words joined by single spaces or hyphens'),
      /** How headings and tabs show it: 'Web Development'. */
      label: text,
      /** The home page tile, as a path under public/. */
      image: publicFile(publicFileExists),
      /** 1 for the first tab, tile and menu entry. */
      position: z.number().int('must be a whole number').positive('must be 1 or more'),
    })
    .strict();
}

export type Course = z.infer<ReturnType<typeof courseSchema>>;
export type CourseLevel = z.infer<typeof levelSchema>;
export type Lecture = z.infer<typeof lectureSchema>;
export type Section = z.infer<typeof sectionSchema>;
export type CoursePreview = z.infer<ReturnType<typeof previewSchema>>;
export type CourseCheckoutIds = z.infer<typeof checkoutSchema>;
export type CategoryInfo = z.infer<ReturnType<typeof categorySchema>>;
/** A category's name, as courses refer to it. */
export type Category = string;

export type Catalogue = {
  /** In file order ('Most relevant'). */
  courses: Course[];
  /** In their `position` order. */
  categories: CategoryInfo[];
};

/** The two files, already read (`data` is the parsed JSON), and a view of public/. */
export type CatalogueSources = {
  courses: { file: string; data: unknown };
  categories: { file: string; data: unknown };
  publicFileExists: PublicFileExists;
  /** The checkout provider the build sells with, when it needs an id of its own for every course. */
  checkoutIds?: CheckoutIdProvider;
  /** The currency prices are in; the shop's (SHOP_CURRENCY) unless said. */
  currency?: CatalogueCurrency;
};

const MAX_PROBLEMS_SHOWN = 50;

/** A catalogue that breaks a rule; `problems` has one line per fault, each naming file, record and field. */
export class CatalogueError extends Error {
  constructor(readonly problems: readonly string[]) {
    const shown = problems.slice(0, MAX_PROBLEMS_SHOWN);
    const more = problems.length - shown.length;
    super(
      `The catalogue has ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}:\n` +
        shown.map((line) => `  ${line}`).join('\n') +
        (more > 0 ? `\n  … and ${more} more` : ''),
    );
    this.name = 'CatalogueError';
  }
}

/** A value as a message shows it: strings quoted (and cut), lists by length. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : `a list of ${value.length}`;
  if (value === null || typeof value !== 'object') return String(value);
  return 'an object';
}

function expectedType(expected: string): string {
  if (expected === 'int') return 'a whole number';
  if (expected === 'array' || expected === 'tuple') return 'a list';
  if (expected === 'object') return 'an object';
  return `a ${expected}`;
}

/** 'what_you_will_learn[2]' for the path ['what_you_will_learn', 2]. */
function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index ? '.' : ''}${String(key)}`))
    .join('');
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

function unknownField(key: string, fields: readonly string[]): string {
  const near = fields.find((field) => editDistance(field, key) <= 2);
  return near
    ? `unknown field "${key}" (did you mean "${near}"?)`
    : `unknown field "${key}" (expected only ${fields.join(', ')})`;
}

/** The fields a record at `path` may have: the course's own, or those of a nested record. */
function fieldsAt(path: readonly PropertyKey[], fields: readonly string[]): readonly string[] {
  const holder = path.findLast((key): key is string => typeof key === 'string');
  return (holder !== undefined && NESTED_FIELDS[holder]) || fields;
}

/** One zod issue as 'field must …, got …': one line per fault (a union's option may have several). */
function formatIssue(issue: z.core.$ZodIssue, fields: readonly string[]): string[] {
  return describeIssue(issue, fields).split('\n');
}

function describeIssue(issue: z.core.$ZodIssue, fields: readonly string[]): string {
  const field = fieldName(issue.path);
  const subject = field ? `${field} ` : '';
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = fieldsAt(issue.path, fields);
      return issue.keys.map((key) => `${subject}${unknownField(key, known)}`).join('; ');
    }
    case 'invalid_type':
      if (issue.input === undefined && field) return `${field} is missing (expected ${expectedType(issue.expected)})`;
      return `${subject}must be ${expectedType(issue.expected)}, got ${show(issue.input)}`;
    case 'too_big':
      return typeof issue.input === 'string'
        ? `${subject}must be at most ${issue.maximum} characters, got ${issue.input.length}: ${show(issue.input)}`
        : `${subject}must list at most ${issue.maximum} items, got ${show(issue.input)}`;
    case 'invalid_union': {
      // The option the value was written for is the one that accepts its type and faults only
      // its parts (a section object without lectures): report those faults, not the whole union.
      const meant = issue.errors.find((errors) =>
        errors.every((error) => error.path.length > 0 || error.code !== 'invalid_type'),
      );
      if (meant) {
        return meant
          .map((error) => describeIssue({ ...error, path: [...issue.path, ...error.path] }, fields))
          .join('\n');
      }
      const expected = UNION_EXPECTED[String(issue.path[0])] ?? 'one of the accepted forms';
      if (issue.input === undefined) return `${field} is missing (expected ${expected})`;
      return `${subject}must be ${expected}, got ${show(issue.input)}`;
    }
    default:
      return `${subject}${issue.message}, got ${show(issue.input)}`;
  }
}

/** A record's field, when the record is an object at all. */
function fieldOf(record: unknown, key: string): unknown {
  return typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[key] : undefined;
}

/** A record of a list file, with where it stands in the file: messages say '#3' for the third. */
type Placed = { record: unknown; number: number; name: string };

/**
 * The records of one file, each named for messages: `course "py-101" (#1)`, or `course #4`
 * when it has no usable id (`label` words it: `review of "py-101" (#7)`). Reports a file that
 * is not a list (and returns no records), and an empty one unless `mayBeEmpty`.
 */
function placeRecords(
  source: { file: string; data: unknown },
  kind: 'course' | 'category' | 'instructor' | 'review' | 'coupon',
  key: 'id' | 'name' | 'course' | 'code',
  problems: string[],
  { mayBeEmpty = false, label = kind }: { mayBeEmpty?: boolean; label?: string } = {},
): Placed[] {
  if (!Array.isArray(source.data)) {
    problems.push(`${source.file}: must be a JSON list of ${kind} records, got ${show(source.data)}`);
    return [];
  }
  if (source.data.length === 0 && !mayBeEmpty) {
    problems.push(`${source.file}: must list at least one ${kind}, got an empty list`);
  }
  return source.data.map((record: unknown, index) => {
    const value = fieldOf(record, key);
    const number = index + 1;
    const name =
      typeof value === 'string' && value !== ''
        ? `${label} ${JSON.stringify(value)} (#${number})`
        : `${kind} #${number}`;
    return { record, number, name };
  });
}

/** Checks every placed record against `schema`; returns the accepted ones, in file order. */
function checkRecords<Schema extends z.ZodObject>(
  file: string,
  placed: readonly Placed[],
  schema: Schema,
  problems: string[],
): z.output<Schema>[] {
  const fields = Object.keys(schema.shape);
  const accepted: z.output<Schema>[] = [];
  for (const { record, name } of placed) {
    const result = schema.safeParse(record, { reportInput: true });
    if (result.success) accepted.push(result.data);
    else {
      for (const issue of result.error.issues) {
        for (const line of formatIssue(issue, fields)) problems.push(`${file}: ${name}: ${line}`);
      }
    }
  }
  return accepted;
}

/**
 * Reports every record whose `key` repeats an earlier record's, including records that break
 * other rules: two records with one id are a fault whatever else is wrong with them.
 */
function checkUnique(file: string, placed: readonly Placed[], key: string, problems: string[]) {
  const first = new Map<string, number>();
  for (const { record, number, name } of placed) {
    const value = fieldOf(record, key);
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const seen = first.get(String(value));
    if (seen === undefined) first.set(String(value), number);
    else problems.push(`${file}: ${name}: ${key} must be unique, got ${show(value)} again (first at #${seen})`);
  }
}

/**
 * Reports every course without its id at `provider`: a shop that sells there cannot sell it. A
 * malformed id is the schema's to report, once.
 */
function checkCheckoutIds(file: string, placed: readonly Placed[], provider: CheckoutIdProvider, problems: string[]) {
  for (const { record, name } of placed) {
    if (typeof record !== 'object' || record === null) continue;
    const checkout = fieldOf(record, 'checkout');
    if (checkout !== undefined && (typeof checkout !== 'object' || checkout === null)) continue;
    if (fieldOf(checkout, provider) === undefined)
      problems.push(
        `${file}: ${name}: checkout.${provider} is missing (expected the course's ${provider === 'paddle' ? 'Paddle price id' : 'Shopify variant id'}: CHECKOUT_PROVIDER=${provider} sells every course with one)`,
      );
  }
}

/**
 * Checks every record of both files and the rules between them (unique ids, known categories,
 * existing image files). Returns the catalogue, or throws a `CatalogueError` listing every
 * problem found, so that one build shows them all.
 */
export function parseCatalogue(sources: CatalogueSources): Catalogue {
  const problems: string[] = [];
  const { publicFileExists } = sources;

  const categoryFile = sources.categories.file;
  const placedCategories = placeRecords(sources.categories, 'category', 'name', problems);
  const categories = checkRecords(categoryFile, placedCategories, categorySchema(publicFileExists), problems);
  checkUnique(categoryFile, placedCategories, 'name', problems);
  checkUnique(categoryFile, placedCategories, 'position', problems);

  const courseFile = sources.courses.file;
  const placedCourses = placeRecords(sources.courses, 'course', 'id', problems);
  // Every well-formed name counts, even from a record with other faults (a missing tile image,
  // say): that fault is reported once, not again on each of the category's courses.
  const categoryNames = [
    ...new Set(
      placedCategories
        .map(({ record }) => fieldOf(record, 'name'))
        .filter((name): name is string => typeof name === 'string' && CATEGORY_NAME.test(name)),
    ),
  ];
  const courses = checkRecords(
    courseFile,
    placedCourses,
    courseSchema({
      categoryFile,
      categoryNames,
      publicFileExists,
      currency: sources.currency ?? { code: shopMoney().currency, digits: shopMoney().digits },
    }),
    problems,
  );
  checkUnique(courseFile, placedCourses, 'id', problems);
  checkCreatorSlugs(courseFile, placedCourses, problems);
  if (sources.checkoutIds) checkCheckoutIds(courseFile, placedCourses, sources.checkoutIds, problems);

  if (problems.length > 0) throw new CatalogueError(problems);
  return { courses, categories: [...categories].sort((a, b) => a.position - b.position) };
}

/**
 * Every distinct creator gets a page at /instructors/{slug}/: two creators whose names make one
 * slug ('Ana Silva', 'ana silva') are reported at the second's first course, naming both.
 */
function checkCreatorSlugs(file: string, placed: readonly Placed[], problems: string[]) {
  const firstCourse = new Map<string, string>();
  for (const { record, name } of placed) {
    const creator = fieldOf(record, 'creator');
    if (typeof creator === 'string' && creator.trim() !== '' && !firstCourse.has(creator)) {
      firstCourse.set(creator, name);
    }
  }
  for (const [first, second, slug] of slugClashes(firstCourse.keys())) {
    problems.push(
      `${file}: ${firstCourse.get(second)}: creator ${show(second)} has the same instructor page ` +
        `(/instructors/${slug}/) as creator ${show(first)} of ${firstCourse.get(first)}: ` +
        'two instructors must differ in more than case, accents and punctuation',
    );
  }
}

/*
 * The optional people files: data/instructors.json (who teaches) and data/reviews.json (what
 * students said). Each is checked against the catalogue it belongs to, which has been checked.
 */

function instructorSchema(publicFileExists: PublicFileExists) {
  return z
    .object({
      /** Exactly a course's `creator`. */
      name: text.max(MAX_NAME_LENGTH),
      /** One line under the name: 'Data scientist and author'. */
      headline: text
        .max(MAX_NAME_LENGTH)
        .refine((value) => !/[\r\n\u2028\u2029]/.test(value), 'must be one line (no line breaks)'),
      /** Paragraphs, in order. */
      bio: z
        .array(text.max(MAX_DESCRIPTION_LENGTH))
        .min(1, 'must list at least one paragraph')
        // A refinement, not .max(): zod would also hold a string's length to that maximum.
        .refine(
          (paragraphs) => paragraphs.length <= MAX_BIO_PARAGRAPHS,
          `must list at most ${MAX_BIO_PARAGRAPHS} paragraphs`,
        ),
      /** A photo, as a path under public/; without one, pages show a monogram. */
      image: publicFile(publicFileExists).optional(),
    })
    .strict();
}

/** 'YYYY-MM-DD' naming a day of the calendar (no 2026-02-30). */
const isoDate = z
  .string()
  .regex(/^(19|20)\d{2}-\d{2}-\d{2}$/, { message: 'must be a date as YYYY-MM-DD, e.g. "2026-08-14"', abort: true })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'must be a real date of the calendar');

function reviewSchema({ courseFile, courseIds, latestDate }: ReviewContext) {
  return z
    .object({
      /** The id of the course reviewed. */
      course: z.string().refine((value) => courseIds.has(value), `must be the id of a course in ${courseFile}`),
      /** As the student signs: 'Ana P.'. */
      author: text.max(MAX_NAME_LENGTH),
      rating: z
        .number()
        .refine((value) => Number.isInteger(value) && value >= 1 && value <= 5, 'must be a whole number from 1 to 5'),
      date: isoDate.refine((value) => value <= latestDate, `must not be in the future (after ${latestDate})`),
      text: text.max(MAX_REVIEW_LENGTH),
    })
    .strict();
}

export type InstructorRecord = z.infer<ReturnType<typeof instructorSchema>>;
export type Review = z.infer<ReturnType<typeof reviewSchema>>;
export type RatingBreakdown = NonNullable<Course['rating_breakdown']>;

/** One optional file, already read: `data` is its parsed JSON. */
export type DataSource = { file: string; data: unknown };

/** What the instructor rules need: the checked courses and their file, and a view of public/. */
export type InstructorContext = {
  courseFile: string;
  courses: readonly Pick<Course, 'creator'>[];
  publicFileExists: PublicFileExists;
};

/** What the review rules need: the course ids and their file, and the latest date allowed. */
export type ReviewContext = {
  courseFile: string;
  courseIds: ReadonlySet<string>;
  /** 'YYYY-MM-DD': lib/reviews.ts latestReviewDate(). */
  latestDate: string;
};

/**
 * Checks the instructors file: every record well-formed, named exactly as some course's
 * creator, one record per name. Returns the records in file order (an empty list is no
 * instructors), or throws a `CatalogueError` listing every problem.
 */
export function parseInstructors(source: DataSource, context: InstructorContext): InstructorRecord[] {
  const problems: string[] = [];
  const placed = placeRecords(source, 'instructor', 'name', problems, { mayBeEmpty: true });
  const accepted = checkRecords(source.file, placed, instructorSchema(context.publicFileExists), problems);
  checkUnique(source.file, placed, 'name', problems);
  const creators = new Set(context.courses.map((course) => course.creator));
  for (const { record, name: placedName } of placed) {
    const name = fieldOf(record, 'name');
    if (typeof name !== 'string' || name.trim() === '' || creators.has(name)) continue;
    problems.push(`${source.file}: ${placedName}: name ${unknownCreator(name, creators, context.courseFile)}`);
  }
  if (problems.length > 0) throw new CatalogueError(problems);
  return accepted.filter((instructor) => creators.has(instructor.name));
}

function unknownCreator(name: string, creators: ReadonlySet<string>, courseFile: string): string {
  const slug = instructorSlug(name);
  const near = [...creators].find(
    (creator) => instructorSlug(creator) === slug || editDistance(creator.toLowerCase(), name.toLowerCase()) <= 2,
  );
  const hint = near === undefined ? '' : ` (did you mean ${show(near)}?)`;
  return `must be exactly the creator of a course in ${courseFile}, got ${show(name)}${hint}`;
}

/**
 * Checks the reviews file: every record well-formed, of a course that exists, rated 1–5 and
 * dated no later than `latestDate`. Returns the reviews in file order (an empty list is no
 * reviews), or throws a `CatalogueError` listing every problem.
 */
export function parseReviews(source: DataSource, context: ReviewContext): Review[] {
  const problems: string[] = [];
  const placed = placeRecords(source, 'review', 'course', problems, { mayBeEmpty: true, label: 'review of' });
  const accepted = checkRecords(source.file, placed, reviewSchema(context), problems);
  if (problems.length > 0) throw new CatalogueError(problems);
  return accepted;
}

/*
 * The optional coupons file (data/coupons.json, or COUPONS): codes a shop hands out in links
 * (`?coupon=CODE`). Checked here; lib/server/coupons.ts ships only a hash of each code.
 */

/** A coupon code: letters, digits, '-' and '_', as providers accept them. */
const COUPON_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** What the coupon rules need: the course ids and their file, and the shop's currency. */
export type CouponContext = { courseFile: string; courseIds: ReadonlySet<string>; currency: CatalogueCurrency };

function couponSchema({ courseFile, courseIds, currency }: CouponContext) {
  const scale = 10 ** currency.digits;
  return z
    .object({
      /** As buyers type it; compared trimmed and upper-cased. */
      code: z.string().trim().regex(COUPON_CODE, 'must be 1–64 letters, digits, "-" or "_"'),
      /** Whole percent off, 1–100. */
      percent_off: z
        .number()
        .refine(
          (value) => Number.isInteger(value) && value >= 1 && value <= 100,
          'must be a whole number from 1 to 100',
        )
        .optional(),
      /** An amount off each course, in the shop's currency (5 for 5 €). */
      amount_off: z
        .number()
        .refine((value) => value > 0, 'must be more than 0')
        .refine(
          (value) => Math.abs(value * scale - Math.round(value * scale)) < 1e-6,
          currency.digits === 0
            ? `must be in whole ${currency.code} (${currency.code} has no decimals)`
            : `must be in whole minor units of ${currency.code} (at most ${currency.digits} decimals)`,
        )
        .optional(),
      /** Course ids it applies to; absent for every course. */
      courses: z
        .array(z.string().refine((value) => courseIds.has(value), `must be the id of a course in ${courseFile}`))
        .min(1, 'must list at least one course (leave it out for every course)')
        .optional(),
      /** First and last day it applies, inclusive. */
      starts: isoDate.optional(),
      expires: isoDate.optional(),
      /**
       * The same discount's id at Paddle ('dsc_…'), for the buyer's local price (PADDLE_LOCAL_PRICES):
       * Paddle's pricing preview takes a discount's id, not its code.
       */
      paddle_discount_id: z
        .string()
        .regex(/^dsc_[a-z0-9]{1,64}$/, 'must be a Paddle discount id: "dsc_" and lower-case letters or digits')
        .optional(),
    })
    .strict()
    .superRefine((coupon, context) => {
      if ((coupon.percent_off === undefined) === (coupon.amount_off === undefined))
        context.addIssue({
          code: 'custom',
          path: ['percent_off'],
          message: 'or amount_off: give exactly one of the two',
        });
      if (coupon.starts && coupon.expires && coupon.expires < coupon.starts)
        context.addIssue({
          code: 'custom',
          path: ['expires'],
          message: `must not be before starts (${coupon.starts})`,
        });
    });
}

export type CouponRecord = z.infer<ReturnType<typeof couponSchema>>;

/**
 * Checks the coupons file: every record well-formed (one kind of discount, a percentage of 1–100,
 * an amount in the shop's currency, known courses, ISO dates), each code once whatever its case.
 * Returns the records in file order, or throws a `CatalogueError` listing every problem.
 */
export function parseCoupons(source: DataSource, context: CouponContext): CouponRecord[] {
  const problems: string[] = [];
  const placed = placeRecords(source, 'coupon', 'code', problems, { mayBeEmpty: true });
  const accepted = checkRecords(source.file, placed, couponSchema(context), problems);
  const first = new Map<string, string>();
  for (const { record, name } of placed) {
    const code = fieldOf(record, 'code');
    if (typeof code !== 'string') continue;
    const key = code.trim().toUpperCase();
    const seen = first.get(key);
    if (seen === undefined) first.set(key, name);
    else problems.push(`${source.file}: ${name}: code must be unique (case aside), as ${seen} has it`);
  }
  if (problems.length > 0) throw new CatalogueError(problems);
  return accepted;
}
