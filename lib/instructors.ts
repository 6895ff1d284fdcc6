/*
 * Instructors, as pure logic: the URL slug of a creator's name and the totals an instructor's
 * section and page show. Runs anywhere; lib/catalogue.ts reads the files and calls these.
 */

/** Letters that Unicode does not decompose into a base letter and a mark, as ASCII. */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'ng',
};

/** A slug stays a readable path segment: longer ones are cut at a word. */
export const MAX_SLUG_LENGTH = 80;

/**
 * The URL segment of an instructor's page: the name's Latin letters and digits, lower-case ASCII
 * (diacritics dropped: 'Chloé Dubois' is 'chloe-dubois', 'Elena Kovač' 'elena-kovac'), words joined
 * by single hyphens. A name with no Latin letter or digit at all ('أحمد بن سعيد', '王小明') gets
 * 'instructor-' and a hash of the name: stable, URL-safe, and distinct for distinct names.
 * Two names may share a slug ('Ana Silva', 'ana silva'): the schema reports that as a fault.
 */
export function instructorSlug(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    // An apostrophe joins: 'Liam O'Connell' is 'liam-oconnell'.
    .replace(/['\u2019\u02bc]/g, '')
    .toLowerCase()
    .replace(/[^\x00-\x7f]/g, (letter) => LETTERS[letter] ?? ' ');
  const words = ascii.split(/[^a-z0-9]+/).filter(Boolean);
  if (words.length === 0) return `instructor-${hash(name.normalize('NFC'))}`;
  let slug = words[0]!.slice(0, MAX_SLUG_LENGTH);
  for (const word of words.slice(1)) {
    if (slug.length + 1 + word.length > MAX_SLUG_LENGTH) break;
    slug += `-${word}`;
  }
  return slug;
}

/** FNV-1a (32 bits) of the text's UTF-16 units, as 8 hex digits. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value = Math.imul(value ^ text.charCodeAt(index), 0x01000193) >>> 0;
  }
  return value.toString(16).padStart(8, '0');
}

/** What an instructor's section and page count, over all their courses in the catalogue. */
export type InstructorTotals = {
  courses: number;
  students: number;
  /** Ratings (rating_count), not written reviews. */
  ratings: number;
};

/** The totals of an instructor's courses. */
export function instructorTotals(courses: readonly { students: number; rating_count: number }[]): InstructorTotals {
  return {
    courses: courses.length,
    students: courses.reduce((sum, course) => sum + course.students, 0),
    ratings: courses.reduce((sum, course) => sum + course.rating_count, 0),
  };
}

/**
 * Pairs of distinct names that share a slug, each pair in first-seen order: the first name
 * with that slug, then the clashing one.
 */
export function slugClashes(names: Iterable<string>): [string, string, string][] {
  const first = new Map<string, string>();
  const clashes: [string, string, string][] = [];
  for (const name of new Set(names)) {
    const slug = instructorSlug(name);
    const seen = first.get(slug);
    if (seen === undefined) first.set(slug, name);
    else clashes.push([seen, name, slug]);
  }
  return clashes;
}
