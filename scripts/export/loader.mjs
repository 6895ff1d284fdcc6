// @ts-check
/**
 * The start-up loader, in two parts: a small inline script at the end of each page's <body>
 * (lib/browser/loader-stub.ts) and a file every page shares (lib/browser/loader.ts). Once the page
 * has loaded and painted, the stub adds the file, which fetches the page's RSC payload, checks its
 * build id and adds Next's scripts (each module says how and why). Both texts are the same on every
 * page (the lists are the stub's attributes): one CSP hash for the stub, and one file, cached once,
 * allowed by the policy's 'self'.
 */
import { esbuildDefines } from './next-output.mjs';

/**
 * The loader's two scripts, bundled from lib/browser/ (loader-stub.ts, loader.ts) by the module that
 * bundles the pages' own inline scripts (lib/server/browser-bundle.ts): `stub`, the inline script
 * each page gets with the lists as its attributes, and `loader`, the text of the shared file.
 * @returns {Promise<StartupScripts>}
 */
export async function startupScripts() {
  const { importTypeScript, root } = await import('./ts-module.mjs');
  /** @type {{ browserBundle: (entry: string, root: string, defines?: Record<string, string>) => string }} */
  const bundler = await importTypeScript('lib/server/browser-bundle.ts');
  return {
    stub: bundler.browserBundle('loader-stub', root),
    loader: bundler.browserBundle('loader', root, esbuildDefines()),
  };
}

/** @typedef {{ stub: string, loader: string }} StartupScripts */

/** The attributes the loader reads. */
export const LOADER_ATTRIBUTES = {
  loader: 'data-loader',
  scripts: 'data-startup',
  payload: 'data-payload',
  build: 'data-build',
};
