/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ExportPlan } from '@/lib/build/export-plan';
import { PLAN_FILE, readPlan, removePlan } from './plan.mjs';

/**
 * Runs the plan step as the build does, in Node (esbuild bundles lib/build/export-plan.ts, which
 * Jest would load as it is), in the project folder with `env` added. Returns the plan it wrote.
 */
function writePlan(outDir: string, env: Record<string, string>): ExportPlan {
  const step = pathToFileURL(path.join(__dirname, 'plan.mjs')).href;
  const script = `const { writePlan } = await import(${JSON.stringify(step)}); await writePlan({ outDir: ${JSON.stringify(outDir)} });`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.join(__dirname, '../..'),
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: 'pipe',
  });
  return JSON.parse(readFileSync(path.join(outDir, PLAN_FILE), 'utf8'));
}

describe('the plan step', () => {
  let work: string;
  const shipped = JSON.parse(readFileSync(path.join(__dirname, '../../data/courses.json'), 'utf8'));

  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), 'plan-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('plans the catalogue CATALOGUE names, through the same schema and access layer as the pages', () => {
    const catalogue = path.join(work, 'courses.json');
    writeFileSync(catalogue, JSON.stringify([{ ...shipped[0], id: 'only-1', course_name: 'The Only Course' }]));
    const plan = writePlan(work, { CATALOGUE: catalogue });
    expect(plan.searchPages.map(({ sourcePath }) => sourcePath)).toEqual(['courses/only-1/index.html']);
    expect(plan.filterIndexes).toEqual([{ category: shipped[0].category, records: [expect.any(Object)] }]);
    expect(plan.previews.previews.map(({ file }) => file)).toEqual(['default.jpg', 'only-1.jpg']);
    expect(plan.images[0]).toEqual(
      expect.objectContaining({ source: shipped[0].image, page: 'courses/only-1/index.html' }),
    );
    expect(readPlan(work)).toEqual(plan);
  }, 30_000);

  it('fails on a bad record, naming the file, the course and the field', () => {
    const catalogue = path.join(work, 'courses.json');
    writeFileSync(catalogue, JSON.stringify([{ ...shipped[0], rating_star: 6 }]));
    expect(() => writePlan(work, { CATALOGUE: catalogue })).toThrow(
      new RegExp(`courses\\.json: course "${shipped[0].id}" \\(#1\\): rating_star must be between 3\\.8 and 5, got 6`),
    );
    expect(existsSync(path.join(work, PLAN_FILE))).toBe(false);
  }, 30_000);

  it('is removed from the export, and a step without it says which step comes first', () => {
    writeFileSync(path.join(work, PLAN_FILE), '{}');
    removePlan(work);
    expect(existsSync(path.join(work, PLAN_FILE))).toBe(false);
    expect(() => readPlan(work)).toThrow(
      /No readable \.export-plan\.json in .*: the export's plan step \(plan\.mjs\) runs first/,
    );
  });
});
