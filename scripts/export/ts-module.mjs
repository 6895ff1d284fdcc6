// @ts-check
/**
 * A TypeScript module of the tree, run by the export's scripts: they are plain .mjs run by Node,
 * with no TypeScript loader, so the module is bundled with esbuild (its `@/` paths from
 * tsconfig.json, and `server-only` resolving to its empty module, as in a server component) into a
 * temporary file and imported from there. esbuild itself, which cannot be bundled, stays an import
 * of the project's copy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { paddleLocalPrices, readEnv, shopMoney } from '../../config/env.mjs';

/** The project's folder. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const require = createRequire(import.meta.url);

/** @type {import('esbuild').Plugin} */
const esbuildAsImport = {
  name: 'esbuild-as-import',
  setup(build) {
    build.onResolve({ filter: /^esbuild$/ }, () => ({
      path: pathToFileURL(require.resolve('esbuild')).href,
      external: true,
    }));
  },
};

/**
 * What a module that renders whole pages outside Next (app/_documents/document.tsx) is bundled with:
 * React's server renderer rather than its server-components build, so client components render
 * as they do in Next's HTML; `server-only` as the empty module it is under Next; `next/navigation`
 * as lib/build/static-navigation.ts; and the values Next's compiler writes into the pages' code
 * (next.config.mjs: `env`, `compiler.define`).
 * @param {import('../../config/env.mjs').SiteEnv} env
 * @returns {import('esbuild').BuildOptions}
 */
export const documentBundle = (env) => ({
  conditions: [],
  alias: {
    'server-only': path.join(root, 'node_modules/server-only/empty.js'),
    'next/navigation': path.join(root, 'lib/build/static-navigation.ts'),
  },
  define: {
    'process.env.NODE_ENV': '"production"',
    'process.env.NEXT_PUBLIC_BASE_PATH': JSON.stringify(env.BASE_PATH),
    __CHECKOUT_PROVIDER__: JSON.stringify(env.CHECKOUT_PROVIDER),
    __PADDLE_LOCAL_PRICES__: JSON.stringify(paddleLocalPrices(env)),
    ...shopMoneyDefines(env),
  },
  jsx: 'automatic',
  // React's server renderer is CommonJS that requires Node's modules: an ES module bundle needs a `require`.
  banner: {
    js: "import { createRequire as createRequire_ } from 'node:module'; const require = createRequire_(import.meta.url);",
  },
  // 'use client' marks a boundary for Next's bundler; here every component renders on the server.
  logOverride: { 'module-level-directive': 'silent' },
});

/**
 * The shop's money pattern and its digits as esbuild's `define` writes them (source text):
 * next.config.mjs's values.
 * @param {import('../../config/env.mjs').SiteEnv} env
 */
const shopMoneyDefines = (env) => {
  const money = shopMoney(env);
  return { __SHOP_MONEY__: JSON.stringify(JSON.stringify(money)), __SHOP_MONEY_DIGITS__: String(money.digits) };
};

/**
 * esbuild's options for a server module of the tree (as Next bundles server components), over
 * which `options` go.
 * @param {import('esbuild').BuildOptions} options
 * @returns {import('esbuild').BuildOptions}
 */
const serverModule = (options) => ({
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['react-server'],
  tsconfig: path.join(root, 'tsconfig.json'),
  plugins: [esbuildAsImport],
  logLevel: 'warning',
  ...options,
  // What next.config.mjs folds into every module Next compiles (a server module may format a price).
  define: { ...shopMoneyDefines(readEnv()), ...options.define },
});

/**
 * The module `file` (relative to the project's folder), bundled and imported; `options` are
 * esbuild's, over the defaults (a server module, as Next bundles server components).
 * @param {string} file
 * @param {import('esbuild').BuildOptions} [options]
 * @returns {Promise<any>}
 */
export async function importTypeScript(file, options = {}) {
  const { build } = await import('esbuild');
  const temp = mkdtempSync(path.join(tmpdir(), 'ts-module-'));
  try {
    const outfile = path.join(temp, `${path.basename(file).replace(/\.tsx?$/, '')}.mjs`);
    await build(serverModule({ entryPoints: [path.join(root, file)], outfile, ...options }));
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * What the build runs of the tree's TypeScript that reads the catalogue: the plan and the reviews
 * pages' renderer.
 * @typedef {{
 *   exportPlan: typeof import('../../lib/build/export-plan').exportPlan,
 *   renderReviewsPage: typeof import('../../app/_documents/reviews').renderReviewsPage,
 * }} BuildModules
 */

/**
 * Bundles the build's modules (BuildModules) once, as one module into `dir`, and returns its
 * file. One module, so one copy of lib/server/catalogue.ts: the catalogue is read and checked once
 * in the process that imports it, whichever step asks first; worker threads import the same file.
 * Bundled as pages made outside Next are (documentBundle), which the plan's modules do not tell apart.
 * @param {import('../../config/env.mjs').SiteEnv} env @param {string} dir
 */
export async function bundleBuildModules(env, dir) {
  const { build } = await import('esbuild');
  const outfile = path.join(dir, 'build-modules.mjs');
  const contents = [
    "export { exportPlan } from './lib/build/export-plan';",
    "export { renderReviewsPage } from './app/_documents/reviews';",
  ].join('\n');
  await build(
    serverModule({
      stdin: { contents, resolveDir: root, sourcefile: 'build-modules.ts', loader: 'ts' },
      outfile,
      ...documentBundle(env),
    }),
  );
  return outfile;
}
