// @ts-check
/**
 * The export's plan: what the later steps make besides the pages (search and filter indexes, link
 * previews, image variants), computed from the catalogue by lib/build/export-plan.ts, the same
 * code and the same checked read of the data the pages come from. That module is TypeScript and
 * server-only, so it is bundled here with esbuild (`server-only` resolving to its empty module, as
 * in a server component) and run in this process; its result goes into the staging folder as
 * .export-plan.json, which the steps read and the adapter removes once they are done: the export
 * never holds it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** @typedef {import('../../lib/build/export-plan').ExportPlan} ExportPlan */

export const PLAN_FILE = '.export-plan.json';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The plan of the catalogue this process's environment names (CATALOGUE): lib/build/export-plan.ts
 * bundled into a temporary module and run.
 * @returns {Promise<ExportPlan>}
 */
export async function computePlan() {
  const { build } = await import('esbuild');
  const temp = mkdtempSync(path.join(tmpdir(), 'export-plan-'));
  try {
    const outfile = path.join(temp, 'export-plan.mjs');
    await build({
      entryPoints: [path.join(root, 'lib/build/export-plan.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      conditions: ['react-server'],
      tsconfig: path.join(root, 'tsconfig.json'),
      logLevel: 'warning',
    });
    /** @type {{ exportPlan: () => ExportPlan }} */
    const planner = await import(pathToFileURL(outfile).href);
    return planner.exportPlan();
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * Computes the plan and writes it into the export folder. Returns its summary.
 * @param {{ outDir: string }} options
 */
export async function writePlan({ outDir }) {
  const plan = await computePlan();
  writeFileSync(path.join(outDir, PLAN_FILE), JSON.stringify(plan));
  const records = plan.filterIndexes.reduce((sum, { records }) => sum + records.length, 0);
  return (
    `${plan.searchPages.length} search pages, ${records} filter records in ${plan.filterIndexes.length} categories, ` +
    `${plan.previews.previews.length} link previews, ${plan.images.length} images, ` +
    `${plan.people.instructors} instructors (${plan.people.instructorRecords} with a bio), ${plan.people.reviews} reviews`
  );
}

/**
 * The plan the plan step wrote into the export folder.
 * @param {string} outDir
 * @returns {ExportPlan}
 */
export function readPlan(outDir) {
  try {
    return JSON.parse(readFileSync(path.join(outDir, PLAN_FILE), 'utf8'));
  } catch (error) {
    throw new Error(
      `No readable ${PLAN_FILE} in ${outDir} (${error instanceof Error ? error.message : error}): the export's plan step (plan.mjs) runs first`,
    );
  }
}

/** Removes the plan from the export folder. @param {string} outDir */
export function removePlan(outDir) {
  rmSync(path.join(outDir, PLAN_FILE), { force: true });
}
