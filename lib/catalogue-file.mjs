// @ts-check
/**
 * The courses file a build reads, shared by lib/catalogue.ts (which loads and checks it) and the
 * export adapter (scripts/export/images.mjs names the course in an image's error). Pure: it runs
 * anywhere.
 */

/** CATALOGUE, or data/courses.json (relative to the project). */
export function catalogueFile() {
  return process.env.CATALOGUE || 'data/courses.json';
}
