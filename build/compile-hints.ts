/**
 * V8's explicit compile hint on the start-up scripts: `//# allFunctionsCalledOnLoad` first in a file
 * has V8 compile all its functions eagerly, on a background thread while it streams, instead of on
 * the main thread in one long task at start-up, which a slow phone's visitor waits on. Only the
 * scripts pages run at start get it; chunks loaded later stay lazy. Engines that do not read it
 * ignore a comment, and a file that starts with it is left alone.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** A script's text without the hint, as the bundler wrote it. */
export const withoutHint = (text: string) => (text.startsWith(COMPILE_HINT) ? text.slice(COMPILE_HINT.length) : text);

/**
 * Puts the hint first in each file (export-relative) that does not start with it yet.
 * @returns how many files it changed
 */
export async function hintEagerCompile(outDir: string, files: Iterable<string>): Promise<number> {
  let changed = 0;
  for (const file of new Set(files)) {
    const absolute = path.join(outDir, file);
    const text = await readFile(absolute, 'utf8');
    if (text.startsWith(COMPILE_HINT)) continue;
    await writeFile(absolute, COMPILE_HINT + text);
    changed++;
  }
  return changed;
}
