import 'server-only';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { inlineScript } from '@/config/bundles.mjs';
import { readEnv } from '@/config/env.mjs';

/**
 * The browser entries, each `lib/browser/{name}.main.ts`: those that pages inline as React
 * renders them, and the start-up loader's two, which the export adds (build/loader.ts).
 */
export type BrowserEntry = 'first-paint' | 'search-intro' | 'review-ages' | 'loader' | 'loader-stub';

const bundles = new Map<BrowserEntry, string>();

/**
 * A browser entry bundled and minified by esbuild, as the text of a script: typed, linted and
 * tested TypeScript in the tree, a string only in the page. Built once per process (each build
 * worker, and the export's), when the first page asks for it; the export's CSP step hashes it like
 * any inline script. A failure to bundle fails the page, and so the build. `root` is the project's
 * folder (the current one, as under `next build`). Set up as every bundle of the build is
 * (config/bundles.mjs), with next.config.mjs's defines.
 */
export function browserBundle(entry: BrowserEntry, root = process.cwd()): string {
  let code = bundles.get(entry);
  if (code === undefined) {
    code = inlineScript(buildSync, path.join(root, 'lib/browser', `${entry}.main.ts`), readEnv(), { root });
    bundles.set(entry, code);
  }
  return code;
}
