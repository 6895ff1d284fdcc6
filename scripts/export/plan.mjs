// @ts-check
/**
 * The export's plan: what the later steps make besides the pages (search and filter indexes, link
 * previews, image variants), computed from the catalogue by lib/build/export-plan.ts, the same
 * code and the same checked read of the data the pages come from. That module is TypeScript and
 * server-only, so it is bundled with esbuild and run in this process (ts-module.mjs); its result goes into the staging folder as
 * .export-plan.json, which the steps read and the adapter removes once they are done: the export
 * never holds it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importTypeScript } from './ts-module.mjs';

/** @typedef {import('../../lib/build/export-plan').ExportPlan} ExportPlan */

export const PLAN_FILE = '.export-plan.json';

/**
 * The plan of the catalogue this process's environment names (CATALOGUE), from
 * lib/build/export-plan.ts.
 * @returns {Promise<ExportPlan>}
 */
export async function computePlan() {
  /** @type {{ exportPlan: () => ExportPlan }} */
  const planner = await importTypeScript('lib/build/export-plan.ts');
  return planner.exportPlan();
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
