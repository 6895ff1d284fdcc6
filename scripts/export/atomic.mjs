// @ts-check
/** The swap that makes a build all or nothing (build.mjs). */
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const name = (/** @type {string} */ dir) => `${path.relative(process.cwd(), dir) || '.'}/`;

/**
 * Runs `stage` into `<target>-staging` and puts the result in `target`'s place only when it
 * succeeds. On failure the staging folder goes, `target` stays as it was, and the error says so.
 * @param {string} target the export folder
 * @param {(staging: string) => Promise<void>} stage builds a complete export into `staging`
 */
export async function atomicBuild(target, stage) {
  const staging = `${target}-staging`;
  const previous = `${target}-previous`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await stage(staging);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    const left = existsSync(target)
      ? `the previous export in ${name(target)} is untouched (it is not this build)`
      : `there is no export in ${name(target)}`;
    throw new Error(`build FAILED: ${error instanceof Error ? error.message : error}\n${left}.`);
  }
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(target)) renameSync(target, previous);
  renameSync(staging, target);
  rmSync(previous, { recursive: true, force: true });
}
