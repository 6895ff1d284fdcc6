// @ts-check
/**
 * Every environment variable that configures the site, read and checked in one place with zod,
 * as the catalogue is: next.config.mjs, the export (scripts/export/build.mjs) and the server code
 * that needs one (lib/server/site.ts, lib/server/catalogue.ts) read them here. A bad value stops the build with
 * the variable's name. Browser code gets the base path the way Next gives it, inlined at build
 * time as NEXT_PUBLIC_BASE_PATH (next.config.mjs sets it from BASE_PATH).
 *
 * Plain JavaScript (checked by TypeScript) because next.config.mjs and the export's scripts, which
 * Node runs as they are, read it too.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The catalogue a build reads when CATALOGUE is not set. */
export const DEFAULT_CATALOGUE = 'data/courses.json';

/** The origin `npm start` serves on: canonical URLs use it when SITE_URL is not set. */
export const LOCAL_SITE_URL = 'http://localhost:3000';

/** An unset or blank variable is the same as a missing one. */
const optional = (/** @type {z.ZodType} */ schema) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const schema = z.object({
  SITE_URL: optional(
    z
      .url({
        protocol: /^https?$/,
        error: 'must be an absolute http:// or https:// URL, e.g. https://courses.example.com',
      })
      .refine((value) => !/[?#]/.test(value), 'must not carry a query or a fragment')
      .transform((value) => value.replace(/\/+$/, '')),
  ),
  BASE_PATH: optional(
    z
      .string()
      .regex(
        /^(\/[A-Za-z0-9._~-]+)+$/,
        'must be a path that starts with / and has no trailing slash, e.g. /storefront (or be unset)',
      ),
  ).transform((value) => value ?? ''),
  CATALOGUE: optional(z.string().refine((value) => !value.includes('\0'), 'must be a file path')).transform(
    (value) => value ?? DEFAULT_CATALOGUE,
  ),
  INSTRUCTORS: optional(z.string().refine((value) => !value.includes('\0'), 'must be a file path')),
  REVIEWS: optional(z.string().refine((value) => !value.includes('\0'), 'must be a file path')),
  NEXT_BUILD_WORKERS: optional(
    z
      .string()
      .regex(/^\s*[1-9]\d*\s*$/, 'must be a whole number of at least 1')
      .transform(Number),
  ),
  NEXT_DIST_DIR: optional(
    z
      .string()
      .refine(
        (value) => !path.isAbsolute(value) && !value.split(/[\\/]/).includes('..'),
        'must be a folder inside the project, e.g. out-storefront',
      ),
  ),
});

/** @typedef {z.infer<typeof schema>} SiteEnv */

/**
 * An optional file that belongs to a catalogue (instructors, reviews): where to read it, and
 * whether it may be missing.
 * @typedef {{ file: string, optional: boolean }} CompanionFile
 */

/**
 * The instructors file: INSTRUCTORS (which must exist); else data/instructors.json with the
 * shipped catalogue (none when it is missing); else none: the shipped records name the shipped
 * courses' creators, not another catalogue's.
 * @param {SiteEnv} config
 * @returns {CompanionFile | undefined}
 */
export function instructorsFile(config) {
  return companionFile(config.INSTRUCTORS, config.CATALOGUE, 'data/instructors.json');
}

/**
 * The reviews file: REVIEWS, else as instructorsFile() with data/reviews.json.
 * @param {SiteEnv} config
 * @returns {CompanionFile | undefined}
 */
export function reviewsFile(config) {
  return companionFile(config.REVIEWS, config.CATALOGUE, 'data/reviews.json');
}

/**
 * @param {string | undefined} named @param {string} catalogue @param {string} shipped
 * @returns {CompanionFile | undefined}
 */
function companionFile(named, catalogue, shipped) {
  // Named on purpose, so a missing file is a mistake (a typo), not "none".
  if (named) return { file: named, optional: false };
  const normal = catalogue.replaceAll('\\', '/').replace(/^(\.\/)+/, '');
  const cwd = process.cwd().replaceAll('\\', '/');
  if (normal === DEFAULT_CATALOGUE || normal === `${cwd}/${DEFAULT_CATALOGUE}`)
    return { file: shipped, optional: true };
  return undefined;
}

/** Thrown for bad variables: one line per variable, each starting with its name. */
export class EnvError extends Error {
  /** @param {string[]} problems */
  constructor(problems) {
    super(`Bad environment variable${problems.length > 1 ? 's' : ''}:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'EnvError';
    this.problems = problems;
  }
}

/**
 * The site's configuration from `env`, checked.
 * @param {Record<string, string | undefined>} [env]
 * @returns {SiteEnv}
 */
export function readEnv(env = process.env) {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new EnvError(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name}: ${issue.message} (got ${JSON.stringify(env[name])})`;
    }),
  );
}

/**
 * What a build checks before it starts: readEnv, and that the files the variables name are there
 * (the catalogue's own checks then name any bad record in them).
 * @param {string} root the project folder, which relative paths start from
 * @param {Record<string, string | undefined>} [env]
 */
export function checkBuildEnv(root, env = process.env) {
  const config = readEnv(env);
  /** @type {[string, string | undefined][]} */
  const files = [
    ['CATALOGUE', config.CATALOGUE],
    ['INSTRUCTORS', config.INSTRUCTORS],
    ['REVIEWS', config.REVIEWS],
  ];
  const missing = files
    .filter(([, file]) => file !== undefined && !isFile(path.resolve(root, file)))
    .map(([name, file]) => `${name}: no file at ${JSON.stringify(file)} (relative to ${root})`);
  if (missing.length) throw new EnvError(missing);
  return config;
}

/** @param {string} file */
const isFile = (file) => existsSync(file) && statSync(file).isFile();

/**
 * The line a build's summary ends with when SITE_URL is not set: canonical URLs, the sitemap and
 * link previews then point at the local server, which is wrong for any deploy. Empty when set.
 * @param {SiteEnv} config
 */
export function siteUrlWarning(config) {
  if (config.SITE_URL) return '';
  return (
    `WARNING: SITE_URL is not set. Canonical URLs, sitemap.xml, robots.txt and link previews point at ` +
    `${LOCAL_SITE_URL}. Set SITE_URL=https://your.domain before building an export to deploy.`
  );
}
