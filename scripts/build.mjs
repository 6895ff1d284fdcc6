// @ts-check
/**
 * `npm run build`: compiles the export's code (build/, TypeScript) once with esbuild, as one module
 * (config/bundles.mjs, the `build` kind, with next.config.mjs's defines), into .cache/build/, then
 * runs it (build/main.ts). Its worker threads run the same file. The project's scripts and checks
 * that use the build's modules load them through requireBuild().
 *
 *   node scripts/build.mjs                 (npm run build; NEXT_DIST_DIR names the export)
 *   node scripts/build.mjs --steps [dir]   the steps alone over an export, without the cache
 *   node scripts/build.mjs --compile       prints the compiled module's file
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { bundleOptions } from '../config/bundles.mjs';
import { checkBuildEnv, readEnv } from '../config/env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(root, '.cache/build');
/** A compiled build unused this long is removed when another is compiled: longer than any build runs. */
const MAX_AGE = 24 * 60 * 60 * 1000;

/**
 * Compiles build/ for the settings `env` and gives the module's file: named by its bytes, so builds
 * of other settings or code running at the same time never share one, and written aside then
 * renamed, so none reads half a file. Synchronous, so that a script can load the build as it starts.
 * @param {import('../config/env.mjs').SiteEnv} [env]
 */
export function compileBuild(env = readEnv()) {
  const result = buildSync({
    ...bundleOptions('build', env, { root }),
    entryPoints: [path.join(root, 'build/index.ts')],
    write: false,
    logLevel: 'warning',
  });
  const bytes = /** @type {import('esbuild').OutputFile} */ (result.outputFiles[0]).contents;
  const file = path.join(OUT_DIR, `${createHash('sha256').update(bytes).digest('hex')}.mjs`);
  mkdirSync(OUT_DIR, { recursive: true });
  if (existsSync(file)) {
    const now = new Date();
    utimesSync(file, now, now);
  } else {
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, bytes);
    renameSync(aside, file);
  }
  for (const name of readdirSync(OUT_DIR)) {
    const other = path.join(OUT_DIR, name);
    try {
      if (other !== file && Date.now() - statSync(other).mtimeMs > MAX_AGE) rmSync(other, { force: true });
    } catch {} // removed meanwhile
  }
  return file;
}

/**
 * The build's module (build/index.ts), compiled for `env`, for the project's scripts: loaded with
 * require(), which Node allows for an ES module without a top-level await, so a script can take
 * what it needs as it starts.
 * @param {import('../config/env.mjs').SiteEnv} [env]
 * @returns {typeof import('../build/index')}
 */
export function requireBuild(env) {
  return createRequire(import.meta.url)(compileBuild(env));
}

/**
 * The command line: the settings checked, the build compiled, then run.
 * @param {string[]} args
 */
async function run(args) {
  /** @param {unknown} error @param {string} [prefix] */
  const fail = (error, prefix = '\n') => {
    console.error(`${prefix}${error instanceof Error ? error.message : error}`);
    process.exit(1);
  };
  /** @type {import('../config/env.mjs').SiteEnv} */
  let env;
  try {
    env = checkBuildEnv(root);
  } catch (error) {
    return fail(error, 'build: ');
  }
  try {
    const file = compileBuild(env);
    if (args[0] === '--compile') return console.log(file);
    /** @type {typeof import('../build/index')} */
    const build = await import(pathToFileURL(file).href);
    await build.main(args, env);
  } catch (error) {
    fail(error);
  }
}

// Not a top-level await: tests import this module through Jest, which compiles it to CommonJS.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  void run(process.argv.slice(2));
