// @ts-check
/**
 * V8's explicit compile hint on the start-up scripts: the magic comment `//# allFunctionsCalledOnLoad`
 * first in a file asks V8 to compile every function in it eagerly, while the script streams in,
 * on a background thread. Without it, V8 only pre-parses a script off the main thread and compiles
 * each function when it is first called: the framework's start-up (React, the router, the page's
 * client components, nearly every function of these files) then compiles hundreds of functions on
 * the main thread in one long task, which is what a slow phone's visitor waits on before a tap
 * answers. Only the scripts pages run at start get it (the loader's, and the chunks of the client
 * components a page's payload names, which the runtime loads at once); chunks loaded later stay lazy.
 *
 * Chromium 136 and later read the hint; other engines ignore a comment. Running it again changes
 * nothing (a file that starts with the hint is left alone).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** A script's text without the hint, as the bundler wrote it. @param {string} text */
export const withoutHint = (text) => (text.startsWith(COMPILE_HINT) ? text.slice(COMPILE_HINT.length) : text);

/**
 * Puts the hint first in each file (export-relative) that does not start with it yet.
 * @param {string} outDir @param {Iterable<string>} files
 * @returns {Promise<number>} how many files it changed
 */
export async function hintEagerCompile(outDir, files) {
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
