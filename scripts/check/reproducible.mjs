// @ts-check
/**
 * Same inputs, same bytes (STYLE 25; npm run check:reproducible): builds the export a second time
 * into out-reproducible/ and compares every file with out/ byte for byte, naming each that
 * differs and where. `npm test` runs it right after `build`, whose out/ it reuses as the first
 * build: out/ is taken only when its manifest records the hash of the current inputs, the catalogue's
 * too (config/build-id.mjs, inputsHash), else it is built first. The second build is warm (it shares .next/ and .cache/ with the first),
 * so it catches a random id, the clock and an order that depends on scheduling in `next build` and
 * in every step of the export; but it runs Pagefind afresh (BUILD_CACHE_FRESH, build/cache.ts), whose
 * order is drawn anew in every process, so a cold index is compared with the first build's. The
 * other cached steps' encoders are compared by hand, cold against cold (docs/performance.md,
 * 'Reproducible builds').
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsHash } from '../../config/build-id.mjs';
import { readEnv } from '../../config/env.mjs';
import { requireBuild } from '../build.mjs';

const { CACHES, differingFiles, FRESH_VARIABLE, hasManifest, manifestFile, readManifest } = requireBuild();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const first = path.join(root, readEnv().NEXT_DIST_DIR ?? 'out');
const second = path.join(root, 'out-reproducible');
const started = Date.now();

/**
 * @param {string} dir
 * @param {Record<string, string>} [env] more variables
 */
function build(dir, env = {}) {
  const run = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    env: { ...process.env, ...env, NEXT_DIST_DIR: path.relative(root, dir) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) {
    console.error(`check:reproducible: the build into ${path.relative(root, dir)}/ failed`);
    process.exit(1);
  }
}

const id = inputsHash(root);
const current = existsSync(path.join(first, 'index.html')) && hasManifest(first) && readManifest(first).inputs === id;
if (!current) {
  console.log(`check:reproducible: ${path.relative(root, first)}/ is not a build of these inputs (${id}): building it`);
  build(first);
}
// Pagefind run again: a search index taken from the cache would hide an order drawn anew.
build(second, { [FRESH_VARIABLE]: [CACHES.searchIndex, CACHES.searchFilters].join(',') });
// The manifests beside the exports are the build's output too.
const manifests = [first, second].map((dir) => (hasManifest(dir) ? readFileSync(manifestFile(dir)) : Buffer.alloc(0)));
const differences = [
  ...differingFiles(first, second),
  ...(manifests[0].equals(manifests[1]) ? [] : [{ file: path.basename(manifestFile(second)), problem: 'differs' }]),
];
const seconds = ((Date.now() - started) / 1000).toFixed(0);
if (differences.length) {
  console.error(
    `check:reproducible: ${differences.length} file${differences.length === 1 ? '' : 's'} of two builds of the same inputs differ ` +
      `(${path.relative(root, first)}/ against ${path.relative(root, second)}/, kept):`,
  );
  for (const { file, problem } of differences.slice(0, 50)) console.error(`  ${file}: ${problem}`);
  if (differences.length > 50) console.error(`  … and ${differences.length - 50} more`);
  process.exit(1);
}
rmSync(second, { recursive: true, force: true });
rmSync(manifestFile(second), { force: true });
console.log(`check:reproducible: two builds of ${id} are the same, byte for byte (${seconds} s)`);
