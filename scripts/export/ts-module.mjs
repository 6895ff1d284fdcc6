// @ts-check
/**
 * The tree's TypeScript the build runs: the export's scripts are plain .mjs run by Node, with no
 * TypeScript loader, so the modules are bundled with esbuild (config/bundles.mjs) into a file and
 * imported from there.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleOptions } from '../../config/bundles.mjs';

/** The project's folder. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * What the build runs of the tree's TypeScript that reads the catalogue: the plan, the reviews
 * pages' renderer, and the catalogue as read, for worker threads to take instead of reading it.
 * @typedef {{
 *   exportPlan: typeof import('../../lib/build/export-plan').exportPlan,
 *   renderReviewsPage: typeof import('../../app/_documents/reviews').renderReviewsPage,
 *   catalogueState: typeof import('../../lib/server/catalogue').catalogueState,
 *   adoptCatalogue: typeof import('../../lib/server/catalogue').adoptCatalogue,
 * }} BuildModules
 */

/**
 * Bundles the build's modules (BuildModules) once, as one module into `dir`, and returns its
 * file. One module, so one copy of lib/server/catalogue.ts: the catalogue is read and checked once
 * in the process that imports it, whichever step asks first; worker threads import the same file.
 * Bundled as pages made outside Next are (a `document` bundle), which the plan's modules do not tell apart.
 * @param {import('../../config/env.mjs').SiteEnv} env @param {string} dir
 */
export async function bundleBuildModules(env, dir) {
  const { build } = await import('esbuild');
  const outfile = path.join(dir, 'build-modules.mjs');
  const contents = [
    "export { exportPlan } from './lib/build/export-plan';",
    "export { renderReviewsPage } from './app/_documents/reviews';",
    "export { adoptCatalogue, catalogueState } from './lib/server/catalogue';",
  ].join('\n');
  await build({
    ...bundleOptions('document', env, { root }),
    stdin: { contents, resolveDir: root, sourcefile: 'build-modules.ts', loader: 'ts' },
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}
