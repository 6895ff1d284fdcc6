/**
 * The build's steps over what `next build` exports, in order, each a function of one context held
 * in memory (BuildContext): the staging folder, the plan computed from the catalogue, the manifest
 * the steps fill in, and the cache. No step reads another's result back from the staging folder;
 * only Next's own output is read from there. The manifest is written once, at the end, and nothing
 * else of the context is left in the export.
 *
 * Running it again over its own output changes nothing.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkoutFrameOrigins } from '../config/checkout.mjs';
import { pruneCache } from './cache';
import { exportPlan, type ExportPlan } from './export-plan';
import { headersFile } from './host-headers';
import { writeManifest, type ExportManifest } from './manifest';
import { adaptPages } from './pages';

/**
 * What every step is a function of. `plan` and `manifest` are set by the steps that make them.
 */
export type BuildContext = {
  /** The staging folder `next build` exported into. */
  outDir: string;
  basePath: string;
  /** The build's cache (cache.ts); without it the page steps make every page again. */
  cacheRoot?: string;
  /** The hash of a full build's inputs (config/build-id.mjs, inputsHash), for the manifest. */
  inputs?: string;
  plan?: ExportPlan;
  manifest?: ExportManifest;
};

/**
 * A value of the context that an earlier step sets.
 */
function need<K extends 'plan' | 'manifest'>(context: BuildContext, key: K): NonNullable<BuildContext[K]> {
  const value = context[key];
  if (!value) throw new Error(`export: no ${key} yet: the step that makes it runs first`);
  return value;
}

/** The plan step's summary. */
function planSummary(plan: ExportPlan) {
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
 */
async function writeHostHeaders(outDir: string, checkout: ExportManifest['checkout']) {
  await writeFile(path.join(outDir, '_headers'), headersFile('', checkout));
  const delegated = checkoutFrameOrigins(checkout);
  return `_headers for CHECKOUT_PROVIDER=${checkout.provider}${delegated.length ? `, payment delegated to ${delegated.join(' ')}` : ''}`;
}

/** The cache step's summary. */
function pruned({ kept, bytes, removed, freed }: ReturnType<typeof pruneCache>) {
  const mb = (count: number) => (count / 1e6).toFixed(1);
  return `${kept} entries kept in .cache/ (${mb(bytes)} MB), ${removed} pruned (${mb(freed)} MB)`;
}

/**
 * The steps, in order: each takes the context, may set a value of it for the later ones, and gives
 * a line for the log.
 */
export const STEPS: [string, (context: BuildContext) => Promise<string>][] = [
  // What the later steps make besides Next's pages, from the catalogue (export-plan.ts).
  [
    'plan',
    async (context) => {
      context.plan = exportPlan();
      return planSummary(context.plan);
    },
  ],
  // Each of Next's pages rewritten once (pages.ts), and the manifest of them.
  [
    'pages',
    async (context) => {
      const documents = need(context, 'plan').documents.map(({ route }) => decodeURIComponent(route));
      const { manifest, summary } = await adaptPages({ ...context, documents });
      context.manifest = manifest;
      return summary;
    },
  ],
  // The pages Next does not make ('Show all reviews'), added to the manifest (documents.ts).
  [
    'reviews pages',
    async (context) =>
      (await import('./documents')).run({
        ...context,
        documents: need(context, 'plan').documents,
        manifest: need(context, 'manifest'),
      }),
  ],
  // For the checkout the manifest records (host-headers.ts).
  ['host headers', async (context) => writeHostHeaders(context.outDir, need(context, 'manifest').checkout)],
  ['images', async (context) => (await import('./images')).run({ ...context, images: need(context, 'plan').images })],
  [
    'link previews',
    async (context) => (await import('./og')).run({ ...context, previews: need(context, 'plan').previews }),
  ],
  [
    'search index',
    async (context) => (await import('./search-index')).run({ ...context, plan: need(context, 'plan') }),
  ],
  // sw.js precaching the app shell, as the manifest lists its files.
  [
    'service worker',
    async (context) => (await import('./service-worker')).run({ ...context, manifest: need(context, 'manifest') }),
  ],
  [
    'manifest',
    async (context) => {
      const manifest = need(context, 'manifest');
      await writeManifest(context.outDir, context.inputs ? { ...manifest, inputs: context.inputs } : manifest);
      return `${Object.keys(manifest.pages).length} pages`;
    },
  ],
  // The build's cache pruned by its one rule (cache.ts).
  ['cache', async (context) => pruned(pruneCache({ cacheRoot: context.cacheRoot }))],
];

/**
 * Runs `steps` (every step by default) over an export of the storefront; gives the context they leave.
 */
export async function adaptExport(
  options: { outDir: string; basePath: string; cacheRoot?: string; inputs?: string },
  log: (line: string) => void = console.log,
  steps: typeof STEPS = STEPS,
): Promise<BuildContext> {
  const context: BuildContext = { ...options };
  for (const [name, step] of steps) {
    const started = performance.now();
    const summary = await step(context);
    log(`export: ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${summary}`);
  }
  return context;
}
