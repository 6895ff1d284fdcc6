/**
 * The start-up loader, in two parts: a small inline script at the end of each page's <body>
 * (lib/browser/loader-stub.ts) and a file every page shares (lib/browser/loader.ts). Once the page
 * has loaded and painted, the stub adds the file, which fetches the page's RSC payload, checks its
 * build id and adds Next's scripts (each module says how and why). Both texts are the same on every
 * page (the lists are the stub's attributes): one CSP hash for the stub, and one file, cached once,
 * allowed by the policy's 'self'.
 */
import path from 'node:path';
import { inlineScript } from '../config/bundles.mjs';
import { esbuildDefines } from './next-output';
import { root } from './root';
import type { SiteEnv } from '../config/env.mjs';

/**
 * The loader's two scripts, bundled from lib/browser/ (loader-stub.main.ts, loader.main.ts) as the
 * pages' own inline scripts are: `stub`, the inline script each page gets with the lists as its
 * attributes, and `loader`, the text of the shared file, which knows facts of Next's output.
 */
export async function startupScripts(env: SiteEnv): Promise<StartupScripts> {
  const { buildSync } = await import('esbuild');
  const entry = (name: string) => path.join(root, 'lib/browser', `${name}.main.ts`);
  return {
    stub: inlineScript(buildSync, entry('loader-stub'), env, { root }),
    loader: inlineScript(buildSync, entry('loader'), env, { root, define: esbuildDefines() }),
  };
}

export type StartupScripts = { stub: string; loader: string };

/** The attributes the loader reads. */
export const LOADER_ATTRIBUTES = {
  loader: 'data-loader',
  scripts: 'data-startup',
  payload: 'data-payload',
  mark: 'data-mark',
};
