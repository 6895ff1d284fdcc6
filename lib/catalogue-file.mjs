// @ts-check
/**
 * The courses file a build reads (lib/catalogue.ts loads and checks it; tests set CATALOGUE).
 * Pure: it runs anywhere.
 */

/** CATALOGUE, or data/courses.json (relative to the project). */
export function catalogueFile() {
  return process.env.CATALOGUE || 'data/courses.json';
}
