import { z } from 'zod';

/*
 * The catalogue's schema (data/courses.json, data/categories.json). It runs at build time
 * only: pages, the cart files and the search index are made from records it has accepted,
 * and the TypeScript types below are inferred from it, so the check and the type never drift.
 */

/** Lower-case letters, digits and single hyphens: safe in a URL path and a file name. */
const URL_SAFE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function between(min: number, max: number) {
  return z.number().refine((value) => value >= min && value <= max, `must be between ${min} and ${max}`);
}

const text = z.string().trim().min(1, 'must not be empty');

/** US dollars with at most two decimals: 12.99, 90, 0.5. */
const price = z
  .number()
  .refine((value) => value > 0 && value <= 10_000, 'must be between 0.01 and 10000')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'must have at most 2 decimals');

const count = z.number().int('must be a whole number').nonnegative('must not be negative');

/** 'MM/YYYY', e.g. '08/2026'. */
const monthYear = z
  .string()
  .regex(/^(0[1-9]|1[0-2])\/\d{4}$/, 'must be a month and year as MM/YYYY, e.g. "08/2026"');

/** A path under public/, e.g. '/images/courses/py-101.svg'. Whether the file exists is checked separately. */
const publicPath = z.string().regex(/^\/[^\s?#]+$/, 'must be a path under public/ starting with "/"');

export const courseSchema = z
  .object({
    id: z.string().regex(URL_SAFE_ID, 'must be URL-safe: lower-case letters, digits and single hyphens'),
    category: text,
    image: publicPath,
    course_name: text,
    description: text,
    rating_count: count,
    rating_star: between(3.8, 5),
    students: count,
    creator: text,
    updated_date: monthYear,
    lang: z.union([text, z.array(text).min(1, 'must list at least one language')]),
    actual_price: price,
    discounted_price: price,
    what_you_will_learn: z.array(text).min(1, 'must list at least one point').max(12, 'must list at most 12 points'),
    content: z.array(text).min(1, 'must list at least one section').max(40, 'must list at most 40 sections'),
  })
  .strict()
  .superRefine((course, context) => {
    if (Math.round(course.discounted_price * 100) > Math.round(course.actual_price * 100)) {
      context.addIssue({
        code: 'custom',
        path: ['discounted_price'],
        message: `must not be above actual_price (${course.actual_price})`,
        input: course.discounted_price,
      });
    }
  });

export const categorySchema = z
  .object({
    /** The name courses refer to and the URL segment: 'web development'. */
    name: text,
    /** How headings and tabs show it: 'Web Development'. */
    label: text,
    /** The home page tile, as a path under public/. */
    image: publicPath,
    /** 1 for the first tab, tile and menu entry. */
    position: z.number().int('must be a whole number').positive('must be 1 or more'),
  })
  .strict();

export type Course = z.infer<typeof courseSchema>;
export type CategoryInfo = z.infer<typeof categorySchema>;
/** A category's name, as courses refer to it. */
export type Category = string;

export type Catalogue = {
  courses: Course[];
  /** In their `position` order. */
  categories: CategoryInfo[];
};

export type CatalogueSources = {
  courses: { file: string; data: unknown };
  categories: { file: string; data: unknown };
  /** Whether a path under public/ ('/images/…') names an existing file. */
  publicFileExists: (path: string) => boolean;
};

/** A catalogue that breaks a rule; `problems` has one line per fault, each naming file, record and field. */
export class CatalogueError extends Error {
  constructor(readonly problems: string[]) {
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

const MAX_PROBLEMS_SHOWN = 50;

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (value === null || typeof value !== 'object') return String(value);
  return 'an object';
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.map((key, position) => (typeof key === 'number' ? `[${key}]` : `${position ? '.' : ''}${String(key)}`)).join('');
}

/** One zod issue as 'field must …, got …'. */
function formatIssue(issue: z.core.$ZodIssue): string {
  const field = fieldName(issue.path);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `unknown field "${key}"`).join('; ');
  }
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return `${field} is missing (expected ${issue.expected})`;
    return `${field} must be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}, got ${describe(issue.input)}`;
  }
  if (issue.code === 'invalid_union') return `${field} must be a text or a list of texts, got ${describe(issue.input)}`;
  return `${field} ${issue.message}, got ${describe(issue.input)}`;
}

function recordName(kind: 'course' | 'category', record: unknown, position: number, key: 'id' | 'name'): string {
  const value = typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value !== '' ? `${kind} "${value}" (#${position + 1})` : `${kind} #${position + 1}`;
}

function parseList<T>(
  source: { file: string; data: unknown },
  schema: z.ZodType<T>,
  kind: 'course' | 'category',
  key: 'id' | 'name',
  problems: string[],
): T[] {
  if (!Array.isArray(source.data)) {
    problems.push(`${source.file}: must be a JSON list of ${kind} records, got ${describe(source.data)}`);
    return [];
  }
  const records: T[] = [];
  source.data.forEach((record, position) => {
    const result = schema.safeParse(record, { reportInput: true });
    if (result.success) records.push(result.data);
    else
      for (const issue of result.error.issues) {
        problems.push(`${source.file}: ${recordName(kind, record, position, key)}: ${formatIssue(issue)}`);
      }
  });
  return records;
}

function findDuplicates<T>(
  records: readonly T[],
  keyOf: (record: T) => string,
  report: (record: T, first: number, again: number) => void,
) {
  const firstAt = new Map<string, number>();
  records.forEach((record, position) => {
    const key = keyOf(record);
    const first = firstAt.get(key);
    if (first === undefined) firstAt.set(key, position);
    else report(record, first, position);
  });
}

/**
 * Checks every record of both files and the rules between them (unique ids, known
 * categories, existing image files). Returns the catalogue, or throws a `CatalogueError`
 * listing every problem found, so that one build shows them all.
 */
export function parseCatalogue(sources: CatalogueSources): Catalogue {
  const problems: string[] = [];
  const courseFile = sources.courses.file;
  const categoryFile = sources.categories.file;

  const categories = parseList(sources.categories, categorySchema, 'category', 'name', problems);
  findDuplicates(
    categories,
    (category) => category.name,
    (category, first) =>
      problems.push(`${categoryFile}: category "${category.name}": name is used twice (first at #${first + 1})`),
  );
  findDuplicates(
    categories,
    (category) => String(category.position),
    (category) =>
      problems.push(`${categoryFile}: category "${category.name}": position ${category.position} is used twice`),
  );
  for (const category of categories) {
    if (!sources.publicFileExists(category.image)) {
      problems.push(`${categoryFile}: category "${category.name}": image file public${category.image} does not exist`);
    }
  }

  const courses = parseList(sources.courses, courseSchema, 'course', 'id', problems);
  const indexOf = new Map<Course, number>();
  if (Array.isArray(sources.courses.data)) {
    // Positions in the file, for messages: a rejected record leaves a gap in `courses`.
    const data = sources.courses.data as unknown[];
    let next = 0;
    for (const course of courses) {
      while (next < data.length && (data[next] as { id?: unknown } | null)?.id !== course.id) next += 1;
      indexOf.set(course, next);
      next += 1;
    }
  }
  const label = (course: Course) => `${courseFile}: course "${course.id}" (#${(indexOf.get(course) ?? 0) + 1})`;
  findDuplicates(
    courses,
    (course) => course.id,
    (course, first) =>
      problems.push(`${label(course)}: id is used twice (first by course #${(indexOf.get(courses[first]!) ?? 0) + 1})`),
  );
  const categoryNames = new Set(categories.map((category) => category.name));
  for (const course of courses) {
    if (!categoryNames.has(course.category)) {
      problems.push(
        `${label(course)}: category must be one of the names in ${categoryFile} (${[...categoryNames].map((name) => `"${name}"`).join(', ')}), got ${describe(course.category)}`,
      );
    }
    if (!sources.publicFileExists(course.image)) {
      problems.push(`${label(course)}: image file public${course.image} does not exist`);
    }
  }

  if (problems.length > 0) throw new CatalogueError(problems);
  return { courses, categories: [...categories].sort((a, b) => a.position - b.position) };
}
