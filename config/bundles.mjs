// @ts-check
/**
 * The one esbuild set-up for every bundle the build makes outside Next: the pages' inline scripts and
 * the start-up loader (lib/server/browser-bundle.ts), sw.js (build/service-worker.ts) and the build
 * itself (build/, compiled by scripts/build.mjs). Their defines come from
 * compileTimeValues(), the function next.config.mjs gives Next, so the two cannot drift.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { checkoutBrowserEnv, couponsBrowserEnv, paddleLocalPrices, shopMoney } from './env.mjs';

/**
 * What Next's compiler folds into the code: next.config.mjs's `env` (read as `process.env.NAME`)
 * and `compiler.define`, as values (Next writes each as JSON).
 * @param {import('./env.mjs').SiteEnv} env @param {string} [root]
 */
export function compileTimeValues(env, root = process.cwd()) {
  const money = shopMoney(env);
  return {
    env: { NEXT_PUBLIC_BASE_PATH: env.BASE_PATH, ...checkoutBrowserEnv(env), ...couponsBrowserEnv(env, root) },
    define: {
      __CHECKOUT_PROVIDER__: env.CHECKOUT_PROVIDER,
      // PADDLE_LOCAL_PRICES: without it, the code that previews Paddle's prices is dead and dropped.
      __PADDLE_LOCAL_PRICES__: paddleLocalPrices(env),
      // Made once here with Intl.NumberFormat, so that pages never build a currency formatter (lib/money.ts).
      __SHOP_MONEY__: JSON.stringify(money),
      __SHOP_MONEY_DIGITS__: money.digits,
    },
  };
}

/**
 * compileTimeValues() as esbuild's `define` takes them (source text), with the production NODE_ENV
 * Next compiles with.
 * @param {import('./env.mjs').SiteEnv} env @param {string} [root]
 * @returns {Record<string, string>}
 */
export function compileDefines(env, root = process.cwd()) {
  const values = compileTimeValues(env, root);
  return {
    'process.env.NODE_ENV': '"production"',
    ...Object.fromEntries(
      Object.entries(values.env).map(([name, value]) => [`process.env.${name}`, JSON.stringify(value)]),
    ),
    ...Object.fromEntries(Object.entries(values.define).map(([name, value]) => [name, JSON.stringify(value)])),
  };
}

const require = createRequire(import.meta.url);

/** esbuild, which cannot be bundled, stays an import of the project's copy in a server bundle. @type {import('esbuild').Plugin} */
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
 * The kinds of bundle: `inline`, a script written into each page; `browser`, a script file
 * (sw.js); `server`, a module of the tree the build runs in Node, as Next bundles server
 * components; `document`, a server module that renders whole pages outside Next
 * (build/reviews.tsx), with React's server renderer rather than its server-components build, so
 * client components render as in Next's HTML; `build`, the build itself (build/index.ts): a
 * `document` bundle that leaves as imports the packages its steps load from node_modules.
 * @typedef {'inline' | 'browser' | 'server' | 'document' | 'build'} BundleKind
 */

/**
 * The packages the build's steps import at run time, as a script of the project would: native
 * code (sharp), files found beside the package (pagefind's binary, satori's wasm), or code the
 * steps only call (htmlparser2, cborg, purgecss, @serwist/build). React and Next's modules are
 * bundled, with the defines, as the reviews pages need them.
 */
const BUILD_PACKAGES = [
  '@serwist/build',
  'cborg',
  'htmlparser2',
  'domhandler',
  'pagefind',
  'purgecss',
  'satori',
  'sharp',
];

/**
 * esbuild's options for a bundle of `kind`; `extra` defines are added to next.config.mjs's (facts of
 * Next's output, build/next-output.ts BROWSER_DEFINES).
 * @param {BundleKind} kind @param {import('./env.mjs').SiteEnv} env
 * @param {{ root?: string, define?: Record<string, string> }} [options]
 * @returns {import('esbuild').BuildOptions}
 */
export function bundleOptions(kind, env, { root = process.cwd(), define = {} } = {}) {
  const common = { bundle: true, define: { ...compileDefines(env, root), ...define } };
  if (kind === 'inline' || kind === 'browser') {
    return {
      ...common,
      minify: true,
      format: 'iife',
      target: 'es2020',
      legalComments: 'none',
      // An inline script without tsconfig's `strict`: no "use strict" prologue, bytes in every page.
      ...(kind === 'inline' && {
        tsconfigRaw: { compilerOptions: { alwaysStrict: false, baseUrl: root, paths: { '@/*': ['./*'] } } },
      }),
    };
  }
  const server = {
    ...common,
    platform: /** @type {const} */ ('node'),
    format: /** @type {const} */ ('esm'),
    target: 'node20',
    conditions: ['react-server'],
    tsconfig: path.join(root, 'tsconfig.json'),
    plugins: [esbuildAsImport],
  };
  if (kind === 'server') return server;
  return {
    ...server,
    conditions: [],
    // Written under the project (.cache/build/), so a bare import finds its package: no plugin, and
    // so esbuild's synchronous API can compile it.
    ...(kind === 'build' && { external: ['esbuild', ...BUILD_PACKAGES], plugins: [] }),
    alias: {
      'server-only': path.join(root, 'node_modules/server-only/empty.js'),
      'next/navigation': path.join(root, 'build/static-navigation.ts'),
    },
    jsx: 'automatic',
    // React's server renderer is CommonJS that requires Node's modules: an ES module bundle needs a `require`.
    banner: {
      js: "import { createRequire as createRequire_ } from 'node:module'; const require = createRequire_(import.meta.url);",
    },
    // 'use client' marks a boundary for Next's bundler; here every component renders on the server.
    logOverride: { 'module-level-directive': 'silent' },
  };
}

/**
 * The browser entry `file` bundled as an inline script, as the text of the <script>: one that ends
 * at the first '</script', so the bundle must never hold one. A failure to bundle throws. esbuild's
 * `buildSync` is the caller's: importing esbuild here would load it wherever config/ is imported.
 * @param {typeof import('esbuild').buildSync} buildSync
 * @param {string} file @param {import('./env.mjs').SiteEnv} env
 * @param {{ root?: string, define?: Record<string, string> }} [options]
 */
export function inlineScript(buildSync, file, env, options = {}) {
  const result = buildSync({
    ...bundleOptions('inline', env, options),
    entryPoints: [file],
    write: false,
    logLevel: 'silent',
  });
  return /** @type {import('esbuild').OutputFile} */ (result.outputFiles[0]).text
    .trim()
    .replace(/<\/(script)/gi, '<\\/$1');
}
