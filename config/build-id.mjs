// @ts-check
/**
 * The build id Next writes into every page and payload (next.config.mjs, generateBuildId): a hash
 * of the code and the settings, so that two builds of the same inputs write the same bytes
 * (STYLE 25) and a change of code names a new build (Next's router reloads the page across builds).
 *
 * Not of the catalogue: every page carries the id, so an id that moved with one price would change
 * every file of the export; each page's payload is checked by its hash instead (lib/browser/loader.ts).
 * Nor of what only checks or describes the code (tests, docs, benchmarks): a docs commit must not
 * change every page of the next deploy. The code is read from the folder as it is (EXPORT_SOURCES),
 * so an uncommitted edit or a tarball without .git counts too; the settings are config/env.mjs's,
 * less those that only say where or how fast to build.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { couponsFile, instructorsFile, readEnv, reviewsFile } from './env.mjs';

/** Settings that change where the export goes or how many workers make it, not what it holds. */
const NOT_OUTPUT = ['NEXT_DIST_DIR', 'NEXT_BUILD_WORKERS'];

/** Folders of the catalogue: its data and its photos and videos (public/images/synthetic/ is ignored by git). */
const CATALOGUE_FOLDERS = [
  'data',
  'public/images/courses',
  'public/images/categories',
  'public/images/synthetic',
  'public/videos',
];

/**
 * What makes the export, relative to the project: folders and files. A module the build imports from
 * elsewhere would escape the id; config/build-id.test.ts follows every import of these files to check.
 */
export const EXPORT_SOURCES = [
  'app',
  'components',
  'lib',
  'config',
  'sw',
  'types',
  'public',
  'build',
  'scripts/build.mjs',
  'next.config.mjs',
  'postcss.config.mjs',
  'tailwind.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** Files among those that only test or describe the code: unit tests and their helpers, Markdown. */
const NOT_EXPORT = /(^|\/)(__tests__|__mocks__)\/|\.test\.[cm]?[jt]sx?$|\.md$/;

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
 * The catalogue's files, relative to `root`: the files its settings name and its folders.
 * @param {string} root @param {import('./env.mjs').SiteEnv} config
 */
export function catalogueFiles(root, config) {
  const named = [config.CATALOGUE, instructorsFile(config)?.file, reviewsFile(config)?.file, couponsFile(config)?.file]
    .filter((file) => file !== undefined)
    .map((file) => path.relative(root, path.resolve(root, file)).replaceAll('\\', '/'))
    .filter((file) => existsSync(path.join(root, file)));
  const folders = CATALOGUE_FOLDERS.filter((dir) => existsSync(path.join(root, dir))).flatMap((dir) =>
    walk(root, dir, () => false),
  );
  return [...new Set([...named, ...folders])].sort();
}

/**
 * The files of the code, relative to `root`: those of EXPORT_SOURCES that git would track, without
 * tests, Markdown and the catalogue's files.
 * @param {string} root @param {import('./env.mjs').SiteEnv} config
 */
export function codeFiles(root, config) {
  const gitignore = path.join(root, '.gitignore');
  const ignored = gitignoreTest(existsSync(gitignore) ? readFileSync(gitignore, 'utf8') : '');
  const catalogue = new Set(catalogueFiles(root, config));
  // A file git ignores is not source, even if named here: Next writes next-env.d.ts during a build.
  const sources = EXPORT_SOURCES.filter((source) => existsSync(path.join(root, source))).flatMap((source) =>
    statSync(path.join(root, source)).isDirectory()
      ? walk(root, source, ignored)
      : ignored(source, false)
        ? []
        : [source],
  );
  return [...new Set(sources)].filter((file) => !catalogue.has(file) && !NOT_EXPORT.test(file)).sort();
}

/**
 * A hash of the files' names and bytes and of the settings that shape the export.
 * @param {string} root @param {string[]} files @param {import('./env.mjs').SiteEnv} config
 */
function hashOf(root, files, config) {
  const hash = createHash('sha256');
  for (const file of files) {
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

/**
 * The build's id: a hash of the code and the settings.
 * @param {string} root the project folder
 * @param {Record<string, string | undefined>} [env]
 */
export function buildId(root, env = process.env) {
  const config = readEnv(env);
  return hashOf(root, codeFiles(root, config), config);
}

/**
 * A hash of everything that makes the export: the code, the settings and the catalogue. It says
 * whether an export is of exactly these inputs (check:reproducible reuses `out/` when it is).
 * @param {string} root the project folder
 * @param {Record<string, string | undefined>} [env]
 */
export function inputsHash(root, env = process.env) {
  const config = readEnv(env);
  return hashOf(root, [...new Set([...codeFiles(root, config), ...catalogueFiles(root, config)])].sort(), config);
}
