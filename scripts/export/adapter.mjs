// @ts-check
/**
 * The build's steps over what `next build` exports, in order, each a function of one context held
 * in memory (BuildContext): the staging folder, the plan computed from the catalogue, the manifest
 * the steps fill in, and the cache. No step reads another's result back from the staging folder;
 * only Next's own output is read from there. The manifest is written once, at the end, and nothing
 * else of the context is left in the export.
 *
 * Running it again over its own output changes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkoutFrameOrigins } from '../../config/checkout.mjs';
import { readEnv } from '../../config/env.mjs';
import { pruneCache } from './cache.mjs';
import { headersFile } from './host-headers.mjs';
import { writeManifest } from './manifest.mjs';
import { adaptPages } from './pages.mjs';
import { bundleBuildModules } from './ts-module.mjs';

/** @typedef {import('../../lib/build/export-plan').ExportPlan} ExportPlan */
/** @typedef {import('./manifest.mjs').ExportManifest} ExportManifest */

/**
 * What every step is a function of. `outDir`: the staging folder `next build` exported into.
 * `cacheRoot`: the build's cache (cache.mjs); without it the page steps make every page again.
 * `modules`: the file of the build's TypeScript, bundled once (ts-module.mjs, bundleBuildModules).
 * `inputs`: the hash of a full build's inputs (config/build-id.mjs, inputsHash), for the manifest.
 * `plan` and `manifest` are set by the steps that make them.
 * @typedef {object} BuildContext
 * @property {string} outDir
 * @property {string} basePath
 * @property {string} [cacheRoot]
 * @property {string} [inputs]
 * @property {string} modules
 * @property {ExportPlan} [plan]
 * @property {ExportManifest} [manifest]
 */

/**
 * A value of the context that an earlier step sets.
 * @template {'plan' | 'manifest'} K @param {BuildContext} context @param {K} key
 * @returns {NonNullable<BuildContext[K]>}
 */
function need(context, key) {
  const value = context[key];
  if (!value) throw new Error(`export: no ${key} yet: the step that makes it runs first`);
  return /** @type {NonNullable<BuildContext[K]>} */ (value);
}

/** The plan step's summary. @param {ExportPlan} plan */
function planSummary(plan) {
  const records = plan.filterIndexes.reduce((sum, { records }) => sum + records.length, 0);
  return (
    `${plan.searchPages.length} search pages, ${records} filter records in ${plan.filterIndexes.length} categories, ` +
    `${plan.previews.previews.length} link previews, ${plan.images.length} images, ` +
    `${plan.people.instructors} instructors (${plan.people.instructorRecords} with a bio), ${plan.people.reviews} reviews`
  );
}

/**
 * The export's _headers (Netlify, Cloudflare Pages) for the build's checkout, in place of
 * public/_headers, which `next build` copied and which is the one without a checkout. Its paths are
 * the export's own, as public/_headers's are: a host that reads the file serves the export at its
 * root; a BASE_PATH deploy prints its own (README, 'Deploying').
 * @param {string} outDir @param {ExportManifest['checkout']} checkout
 */
async function writeHostHeaders(outDir, checkout) {
  await writeFile(path.join(outDir, '_headers'), headersFile('', checkout));
  const delegated = checkoutFrameOrigins(checkout);
  return `_headers for CHECKOUT_PROVIDER=${checkout.provider}${delegated.length ? `, payment delegated to ${delegated.join(' ')}` : ''}`;
}

/** The cache step's summary. @param {ReturnType<typeof pruneCache>} result */
function pruned({ kept, bytes, removed, freed }) {
  const mb = (/** @type {number} */ count) => (count / 1e6).toFixed(1);
  return `${kept} entries kept in .cache/ (${mb(bytes)} MB), ${removed} pruned (${mb(freed)} MB)`;
}

/**
 * The steps, in order: each takes the context, may set a value of it for the later ones, and gives
 * a line for the log.
 * @type {[string, (context: BuildContext) => Promise<string>][]}
 */
export const STEPS = [
  // What the later steps make besides Next's pages, from the catalogue (lib/build/export-plan.ts).
  [
    'plan',
    async (context) => {
      /** @type {import('./ts-module.mjs').BuildModules} */
      const { exportPlan } = await import(pathToFileURL(context.modules).href);
      context.plan = exportPlan();
      return planSummary(context.plan);
    },
  ],
  // Each of Next's pages rewritten once (pages.mjs), and the manifest of them.
  [
    'pages',
    async (context) => {
      const documents = need(context, 'plan').documents.map(({ route }) => decodeURIComponent(route));
      const { manifest, summary } = await adaptPages({ ...context, documents });
      context.manifest = manifest;
      return summary;
    },
  ],
  // The pages Next does not make ('Show all reviews'), added to the manifest (documents.mjs).
  [
    'reviews pages',
    async (context) =>
      (await import('./documents.mjs')).run({
        ...context,
        documents: need(context, 'plan').documents,
        manifest: need(context, 'manifest'),
        renderer: context.modules,
      }),
  ],
  // For the checkout the manifest records (host-headers.mjs).
  ['host headers', async (context) => writeHostHeaders(context.outDir, need(context, 'manifest').checkout)],
  [
    'images',
    async (context) => (await import('./images.mjs')).run({ ...context, images: need(context, 'plan').images }),
  ],
  [
    'link previews',
    async (context) => (await import('./og.mjs')).run({ ...context, previews: need(context, 'plan').previews }),
  ],
  [
    'search index',
    async (context) => (await import('./search-index.mjs')).run({ ...context, plan: need(context, 'plan') }),
  ],
  // sw.js precaching the app shell, as the manifest lists its files.
  [
    'service worker',
    async (context) => (await import('./service-worker.mjs')).run({ ...context, manifest: need(context, 'manifest') }),
  ],
  [
    'manifest',
    async (context) => {
      const manifest = need(context, 'manifest');
      await writeManifest(context.outDir, context.inputs ? { ...manifest, inputs: context.inputs } : manifest);
      return `${Object.keys(manifest.pages).length} pages`;
    },
  ],
  // The build's cache pruned by its one rule (cache.mjs).
  ['cache', async (context) => pruned(pruneCache({ cacheRoot: context.cacheRoot }))],
];

/**
 * Runs `steps` (every step by default) over an export of the storefront, with the build's
 * TypeScript bundled once for all of them.
 * @param {{ outDir: string, basePath: string, cacheRoot?: string, inputs?: string }} options
 * @param {(line: string) => void} [log]
 * @param {typeof STEPS} [steps]
 * @returns {Promise<BuildContext>} the context the steps leave
 */
export async function adaptExport(options, log = console.log, steps = STEPS) {
  const temp = mkdtempSync(path.join(tmpdir(), 'build-modules-'));
  /** @param {string} name @param {number} started @param {string} summary */
  const logStep = (name, started, summary) =>
    log(`export: ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${summary}`);
  try {
    const started = performance.now();
    const env = { ...readEnv(), BASE_PATH: options.basePath };
    /** @type {BuildContext} */
    const context = { ...options, modules: await bundleBuildModules(env, temp) };
    logStep('build modules', started, 'the plan and the reviews pages bundled as one module');
    for (const [name, step] of steps) {
      const started = performance.now();
      logStep(name, started, await step(context));
    }
    return context;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
