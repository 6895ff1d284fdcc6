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
 * The module `file` (relative to the project's folder), bundled and imported.
 * @param {string} file
 * @returns {Promise<any>}
 */
export async function importTypeScript(file) {
  const { build } = await import('esbuild');
  const temp = mkdtempSync(path.join(tmpdir(), 'ts-module-'));
  try {
    const outfile = path.join(temp, `${path.basename(file, '.ts')}.mjs`);
    await build({
      entryPoints: [path.join(root, file)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      conditions: ['react-server'],
      tsconfig: path.join(root, 'tsconfig.json'),
      plugins: [esbuildAsImport],
      logLevel: 'warning',
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
