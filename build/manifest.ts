/**
 * The build manifest the adapter writes into the export (adapter.ts): for every page, the files it
 * loads at start and what its HTML holds. The service worker's precache, the budgets, the
 * benchmarks and the e2e tests read it instead of parsing pages again.
 *
 * It lives beside the export, not in it (`out/` → `out.export-manifest.json`): a host uploads
 * the whole folder, and a manifest that lists every page changes with every deploy (megabytes at a
 * few thousand courses). A tool given an export folder finds it by the folder's name
 * (`manifestFile`); the atomic swap moves it with the folder (atomic.ts), and whoever copies an
 * export copies it too (`copyExport`).
 */
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CheckoutConfig } from '../config/checkout.mjs';

/** How the manifest's file name ends: after the export folder's own name. */
export const MANIFEST_SUFFIX = '.export-manifest.json';

/** The manifest of the export in `outDir`: beside it, named after it. */
export const manifestFile = (outDir: string) => `${path.resolve(outDir)}${MANIFEST_SUFFIX}`;

/** Whether the export in `outDir` has a manifest. */
export const hasManifest = (outDir: string) => existsSync(manifestFile(outDir));

/** Copies an export and its manifest (when it has one). */
export function copyExport(from: string, to: string) {
  cpSync(from, to, { recursive: true });
  if (hasManifest(from)) cpSync(manifestFile(from), manifestFile(to));
}

export type PageEntry = {
  /** Where the page answers, with the base path ('/courses/py-101/') */
  url: string;
  /** Start-up scripts, relative to the export (Next's chunks, next-output.ts) */
  scripts: string[];
  /**
   * The start-up loader, which adds them (loader.ts), relative to the export;
   *   '' for a page made without Next (documents.ts), which loads no script
   */
  loader: string;
  /**
   * Its stylesheets, relative to the export (the rules the page uses
   *   inlined; fetched whole before a client-side navigation)
   */
  stylesheets: string[];
  /**
   * Its RSC payload file, relative to the export (next-output.ts's PAYLOAD_FILE);
   *   '' for a page made without Next (documents.ts), which has none
   */
  payload: string;
  /** Every RSC file of its route the router may fetch (the payload among them) */
  rsc: string[];
  /** The CSP hash sources of its inline scripts */
  inlineScriptHashes: string[];
  bytes: { html: number; payload: number };
};

export type ExportManifest = {
  version: number;
  /** The Next.js version that wrote the export */
  next: string;
  basePath: string;
  /**
   * The build's checkout, which the
   *   host's headers depend on (host-headers.ts): the export's _headers, and what
   *   scripts/tools/serve.mjs sends
   */
  checkout: CheckoutConfig;
  /** By HTML file, relative to the export ('cart/index.html') */
  pages: Record<string, PageEntry>;
  /**
   * The hash of every input of a full build, the catalogue's too
   *   (config/build-id.mjs, inputsHash): whether the export is of the inputs at hand (check:reproducible)
   */
  inputs?: string;
};

/** The export's manifest; throws when the folder holds no adapted export. */
export function readManifest(outDir: string) {
  const file = manifestFile(outDir);
  if (!existsSync(file)) throw new Error(`No ${path.basename(file)} beside ${outDir}: run \`npm run build\` first.`);
  return JSON.parse(readFileSync(file, 'utf8')) as ExportManifest;
}

/**
 * A page's entry, from its HTML as written (its bytes counted) and the files it loads; a page made
 * without Next (documents.ts) has no scripts, loader, payload or RSC files.
 */
export const manifestEntry = ({
  url,
  scripts = [],
  loader = '',
  stylesheets,
  payload = '',
  rsc = [],
  inlineScriptHashes,
  html,
  payloadBytes = 0,
}: Omit<PageEntry, 'bytes' | 'scripts' | 'loader' | 'payload' | 'rsc'> &
  Partial<Pick<PageEntry, 'scripts' | 'loader' | 'payload' | 'rsc'>> & {
    html: string;
    payloadBytes?: number;
  }): PageEntry => ({
  url,
  scripts,
  loader,
  stylesheets,
  payload,
  rsc,
  inlineScriptHashes,
  bytes: { html: Buffer.byteLength(html), payload: payloadBytes },
});

/**
 * Writes the manifest beside the export, its pages in the order of their files: once, when every
 * step that adds a page has run.
 */
export async function writeManifest(outDir: string, manifest: ExportManifest) {
  const pages = Object.fromEntries(Object.entries(manifest.pages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  await writeFile(
    manifestFile(outDir),
    `${JSON.stringify({ ...manifest, pages }, null, 1)}
`,
  );
}

/** A page's entry, named in the error when the manifest lacks it. */
export function pageEntry(manifest: ExportManifest, page: string) {
  const entry = manifest.pages[page];
  if (!entry) throw new Error(`The export manifest has no page ${page}`);
  return entry;
}

/** Every file a page loads at start: its scripts, the loader and its payload file (its rules are inline). */
export const startupFiles = (entry: PageEntry) => [
  ...entry.scripts,
  ...(entry.loader ? [entry.loader] : []),
  ...(entry.payload ? [entry.payload] : []),
];
