// @ts-check
/** The swap that makes a build all or nothing (build.mjs). */
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { manifestFile } from './manifest.mjs';

const name = (/** @type {string} */ dir) => `${path.relative(process.cwd(), dir) || '.'}/`;

/** An export folder and its manifest beside it (manifest.mjs). @param {string} dir */
const withManifest = (dir) => [dir, manifestFile(dir)];

/** Removes an export and its manifest. @param {string} dir */
const remove = (dir) => withManifest(dir).forEach((file) => rmSync(file, { recursive: true, force: true }));

/** Renames an export and its manifest, whichever exist. @param {string} from @param {string} to */
function rename(from, to) {
  const targets = withManifest(to);
  withManifest(from).forEach(
    (file, index) => existsSync(file) && renameSync(file, /** @type {string} */ (targets[index])),
  );
}

/**
 * Runs `stage` into `<target>-staging` and puts the result (the folder and its manifest) in
 * `target`'s place only when it succeeds. On failure the staging folder goes, `target` stays as it
 * was, and the error says so.
 * @param {string} target the export folder
 * @param {(staging: string) => Promise<void>} stage builds a complete export into `staging`
 */
export async function atomicBuild(target, stage) {
  const staging = `${target}-staging`;
  const previous = `${target}-previous`;
  remove(staging);
  try {
    await stage(staging);
  } catch (error) {
    remove(staging);
    const left = existsSync(target)
      ? `the previous export in ${name(target)} is untouched (it is not this build)`
      : `there is no export in ${name(target)}`;
    throw new Error(`build FAILED: ${error instanceof Error ? error.message : error}\n${left}.`);
  }
  remove(previous);
  rename(target, previous);
  rename(staging, target);
  remove(previous);
}
