// @ts-check
/**
 * The build id Next writes into every page and payload (next.config.mjs, generateBuildId): a hash
 * of everything that makes the export, so that two builds of the same inputs write the same bytes
 * (STYLE 25) and a change to any input names a new build (the start-up loader checks it).
 *
 * The inputs: the project's source (every file git would track, read from the folder as it is, so
 * an uncommitted edit or a tarball without .git counts too), package-lock.json (the packages),
 * the catalogue (CATALOGUE, INSTRUCTORS, REVIEWS, COUPONS, data/ and the photos under public/) and the
 * settings config/env.mjs reads, except those that only say where or how fast to build.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { couponsFile, instructorsFile, readEnv, reviewsFile } from './env.mjs';

/** Settings that change where the export goes or how many workers make it, not what it holds. */
const NOT_OUTPUT = ['NEXT_DIST_DIR', 'NEXT_BUILD_WORKERS'];

/** Folders of the catalogue, hashed whether git ignores them or not (public/images/synthetic/ is). */
const CATALOGUE_FOLDERS = ['data', 'public'];

/** As long as the id Next draws itself (21 characters of [A-Za-z0-9_-]). */
const ID_LENGTH = 21;

/**
 * The lines of a .gitignore as tests of a path relative to the project ('a/b.ts'), for the
 * patterns this project's uses: `name`, `*.ext`, `prefix-*` (any depth), `dir/` (folders only),
 * `a/b/` (from the root). Negations and `**` are not needed, so not read.
 * @param {string} text
 * @returns {(file: string, isDir: boolean) => boolean}
 */
export function gitignoreTest(text) {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'))
    .map((line) => {
      const dirOnly = line.endsWith('/');
      const pattern = line.replace(/\/+$/, '').replace(/^\//, '');
      const anchored = line.replace(/\/+$/, '').includes('/');
      const glob = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*');
      return { dirOnly, test: new RegExp(anchored ? `^${glob}$` : `(^|/)${glob}$`) };
    });
  return (file, isDir) => rules.some((rule) => (isDir || !rule.dirOnly) && rule.test.test(file));
}

/**
 * Every file under `dir` (relative to `root`, '/'-separated, sorted) that `ignored` lets through.
 * @param {string} root @param {string} dir @param {(file: string, isDir: boolean) => boolean} ignored
 * @returns {string[]}
 */
function walk(root, dir, ignored) {
  const entries = readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  return entries.flatMap((entry) => {
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.name === '.git' || ignored(file, entry.isDirectory())) return [];
    if (entry.isDirectory()) return walk(root, file, ignored);
    return entry.isFile() ? [file] : [];
  });
}

/**
 * The files whose bytes make the export, relative to `root`: the source as git would track it,
 * and the catalogue's files wherever they are.
 * @param {string} root @param {import('./env.mjs').SiteEnv} config
 */
export function buildInputs(root, config) {
  const gitignore = path.join(root, '.gitignore');
  const ignored = gitignoreTest(existsSync(gitignore) ? readFileSync(gitignore, 'utf8') : '');
  const catalogue = [
    config.CATALOGUE,
    instructorsFile(config)?.file,
    reviewsFile(config)?.file,
    couponsFile(config)?.file,
  ]
    .filter((file) => file !== undefined)
    .map((file) => path.relative(root, path.resolve(root, file)).replaceAll('\\', '/'))
    .filter((file) => existsSync(path.join(root, file)));
  const folders = CATALOGUE_FOLDERS.filter((dir) => existsSync(path.join(root, dir))).flatMap((dir) =>
    walk(root, dir, () => false),
  );
  return [...new Set([...walk(root, '', ignored), 'package-lock.json', ...catalogue, ...folders])].sort();
}

/**
 * The build's id: a hash of its input files' names and bytes and of its settings.
 * @param {string} root the project folder
 * @param {Record<string, string | undefined>} [env]
 */
export function buildId(root, env = process.env) {
  const config = readEnv(env);
  const hash = createHash('sha256');
  for (const file of buildInputs(root, config)) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    hash.update(`${file}\0`).update(readFileSync(full)).update('\0');
  }
  const settings = Object.entries(config)
    .filter(([name]) => !NOT_OUTPUT.includes(name))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  hash.update(JSON.stringify(settings));
  return hash.digest('base64url').slice(0, ID_LENGTH);
}
