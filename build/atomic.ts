/** The swap that makes a build all or nothing (build.mjs). */
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { manifestFile } from './manifest';

const name = (dir: string) => `${path.relative(process.cwd(), dir) || '.'}/`;

/** An export folder and its manifest beside it (manifest.ts). */
const withManifest = (dir: string) => [dir, manifestFile(dir)];

/** Removes an export and its manifest. */
const remove = (dir: string) => withManifest(dir).forEach((file) => rmSync(file, { recursive: true, force: true }));

/** Renames an export and its manifest, whichever exist. */
function rename(from: string, to: string) {
  const targets = withManifest(to);
  withManifest(from).forEach((file, index) => existsSync(file) && renameSync(file, targets[index]!));
}

/**
 * Runs `stage` into `<target>-staging` and puts the result (the folder and its manifest) in
 * `target`'s place only when it succeeds. On failure the staging folder goes, `target` stays as it
 * was, and the error says so.
 * @param target the export folder
 * @param stage builds a complete export into `staging`
 */
export async function atomicBuild(target: string, stage: (staging: string) => Promise<void>) {
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
