// @ts-check
/**
 * The build's command line: `next build` into a fresh staging folder (handed to Next as
 * NEXT_DIST_DIR), the build's steps over it (adapter.mjs), and only when all have passed, the
 * staging folder takes the export's place in one rename: out/ always holds a whole export.
 *
 *   node scripts/export/build.mjs               (npm run build; NEXT_DIST_DIR names the export)
 *   node scripts/export/build.mjs --steps [dir] the steps alone over an export, without the cache
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsHash } from '../../config/build-id.mjs';
import { buildEnv } from '../../config/build-workers.mjs';
import { checkBuildEnv, siteUrlWarning } from '../../config/env.mjs';
import { adaptExport } from './adapter.mjs';
import { atomicBuild } from './atomic.mjs';
import { CACHE_ROOT } from './cache.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** @type {import('../../config/env.mjs').SiteEnv} */
let env;
try {
  env = checkBuildEnv(root);
} catch (error) {
  console.error(`build: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
/** @param {unknown} error */
const fail = (error) => {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
};

if (process.argv[2] === '--steps') {
  const outDir = path.resolve(process.argv[3] ?? env.NEXT_DIST_DIR ?? 'out');
  adaptExport({ outDir, basePath: env.BASE_PATH }).catch(fail);
} else {
  const target = path.resolve(root, env.NEXT_DIST_DIR ?? 'out');
  atomicBuild(target, async (staging) => {
    const next = spawnSync(path.join(root, 'node_modules/.bin/next'), ['build'], {
      cwd: root,
      env: { ...buildEnv(), NEXT_DIST_DIR: path.relative(root, staging) },
      stdio: 'inherit',
    });
    if (next.status !== 0) throw new Error(`next build exited with ${next.status ?? next.signal}`);
    await adaptExport({
      outDir: staging,
      basePath: env.BASE_PATH,
      cacheRoot: CACHE_ROOT,
      inputs: inputsHash(root),
    });
  }).then(() => {
    console.log(`build: the export is in ${path.relative(root, target)}/`);
    const warning = siteUrlWarning(env);
    if (warning) console.warn(`\n${'!'.repeat(100)}\n${warning}\n${'!'.repeat(100)}`);
  }, fail);
}
