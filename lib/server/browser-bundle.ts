import 'server-only';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { basePath } from '@/lib/routes';

/**
 * The browser entries, each `lib/browser/{name}.main.ts`: those that pages inline as React
 * renders them, and the start-up loader's two, which the export adds (scripts/export/loader.mjs).
 */
export type BrowserEntry = 'first-paint' | 'search-intro' | 'review-ages' | 'loader' | 'loader-stub';

const bundles = new Map<BrowserEntry, string>();

/**
 * A browser entry bundled and minified by esbuild, as the text of a script: typed, linted and
 * tested TypeScript in the tree, a string only in the page. Built once per process (each build
 * worker, and the export's), when the first page asks for it; the export's CSP step hashes it like
 * any inline script. A failure to bundle fails the page, and so the build. `root` is the project's
 * folder (the current one, as under `next build`); `defines` are esbuild's, for an entry that needs
 * facts of Next's output (the loader: scripts/export/next-output.mjs BROWSER_DEFINES).
 */
export function browserBundle(entry: BrowserEntry, root = process.cwd(), defines: Record<string, string> = {}): string {
  let code = bundles.get(entry);
  if (code === undefined) {
    const result = buildSync({
      entryPoints: [path.join(root, 'lib/browser', `${entry}.main.ts`)],
      // The `@/` paths of tsconfig.json, without its `strict` (no "use strict" prologue: bytes in every page).
      tsconfigRaw: { compilerOptions: { alwaysStrict: false, baseUrl: root, paths: { '@/*': ['./*'] } } },
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2020',
      write: false,
      legalComments: 'none',
      logLevel: 'silent',
      define: {
        'process.env.NEXT_PUBLIC_BASE_PATH': JSON.stringify(basePath),
        'process.env.NODE_ENV': '"production"',
        // The shop's money, as next.config.mjs folds it into this module: for an entry that writes a price.
        __SHOP_MONEY__: JSON.stringify(__SHOP_MONEY__),
        __SHOP_MONEY_DIGITS__: String(__SHOP_MONEY_DIGITS__),
        ...defines,
      },
    });
    // An inline script ends at the first '</script': the bundle must never hold one.
    code = result.outputFiles[0]!.text.trim().replace(/<\/(script)/gi, '<\\/$1');
    bundles.set(entry, code);
  }
  return code;
}
