// @ts-check
/**
 * The files a build reads (lib/catalogue.ts loads and checks them; tests set the variables).
 * Pure: it runs anywhere.
 */

const SHIPPED_CATALOGUE = 'data/courses.json';

/**
 * CATALOGUE, or data/courses.json (relative to the project).
 * @param {Record<string, string | undefined>} [env]
 */
export function catalogueFile(env = process.env) {
  return env.CATALOGUE || SHIPPED_CATALOGUE;
}

/**
 * An optional file that belongs to a catalogue (instructors, reviews): where to read it, and
 * whether it may be missing.
 * @typedef {{ file: string, optional: boolean }} CompanionFile
 */

/**
 * The instructors file: INSTRUCTORS; else data/instructors.json with the shipped catalogue (none
 * when it is missing); else none: the shipped records name the shipped courses' creators, not
 * another catalogue's.
 * @param {Record<string, string | undefined>} [env]
 * @returns {CompanionFile | undefined}
 */
export function instructorsFile(env = process.env) {
  return companionFile(env, 'INSTRUCTORS', 'data/instructors.json');
}

/**
 * The reviews file: REVIEWS, else as instructorsFile() with data/reviews.json.
 * @param {Record<string, string | undefined>} [env]
 * @returns {CompanionFile | undefined}
 */
export function reviewsFile(env = process.env) {
  return companionFile(env, 'REVIEWS', 'data/reviews.json');
}

/**
 * @param {Record<string, string | undefined>} env @param {string} variable @param {string} shipped
 * @returns {CompanionFile | undefined}
 */
function companionFile(env, variable, shipped) {
  const named = env[variable];
  // Named on purpose, so a missing file is a mistake (a typo), not "none".
  if (named) return { file: named, optional: false };
  if (isShippedCatalogue(catalogueFile(env))) return { file: shipped, optional: true };
  return undefined;
}

/** @param {string} file */
function isShippedCatalogue(file) {
  const normal = file.replaceAll('\\', '/').replace(/^(\.\/)+/, '');
  return normal === SHIPPED_CATALOGUE || normal === `${process.cwd().replaceAll('\\', '/')}/${SHIPPED_CATALOGUE}`;
}
