/**
 * The build's command line, run by scripts/build.mjs once it has compiled this folder: `next build`
 * into a fresh staging folder (handed to Next as NEXT_DIST_DIR), the build's steps over it
 * (adapter.ts), and only when all have passed, the staging folder takes the export's place in one
 * rename: out/ always holds a whole export.
 *
 *   node scripts/build.mjs               (npm run build; NEXT_DIST_DIR names the export)
 *   node scripts/build.mjs --steps [dir] the steps alone over an export, without the cache
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { inputsHash } from '../config/build-id.mjs';
import { buildEnv } from '../config/build-workers.mjs';
import { siteUrlWarning, type SiteEnv } from '../config/env.mjs';
import { adaptExport } from './adapter';
import { atomicBuild } from './atomic';
import { CACHE_ROOT } from './cache';
import { root } from './root';

/** Runs the command line `args` with the checked settings `env` (config/env.mjs, checkBuildEnv). */
export async function main(args: string[], env: SiteEnv): Promise<void> {
  if (args[0] === '--steps') {
    const outDir = path.resolve(args[1] ?? env.NEXT_DIST_DIR ?? 'out');
    await adaptExport({ outDir, basePath: env.BASE_PATH });
    return;
  }
  const target = path.resolve(root, env.NEXT_DIST_DIR ?? 'out');
  await atomicBuild(target, async (staging) => {
    const next = spawnSync(path.join(root, 'node_modules/.bin/next'), ['build'], {
      cwd: root,
      env: { ...process.env, ...buildEnv(), NEXT_DIST_DIR: path.relative(root, staging) },
      stdio: 'inherit',
    });
    if (next.status !== 0) throw new Error(`next build exited with ${next.status ?? next.signal}`);
    await adaptExport({
      outDir: staging,
      basePath: env.BASE_PATH,
      cacheRoot: CACHE_ROOT,
      inputs: inputsHash(root),
    });
  });
  console.log(`build: the export is in ${path.relative(root, target)}/`);
  const warning = siteUrlWarning(env);
  if (warning) console.warn(`\n${'!'.repeat(100)}\n${warning}\n${'!'.repeat(100)}`);
}
