// @ts-check
/**
 * `npm test`: every check, in order, stopping at the first that fails, then a table of how long
 * each step took (a slow CI run says where its time went). The order puts what judges the
 * machine's speed last, each alone: the main-thread blocking gate and Lighthouse run after the
 * end-to-end suite has exited, so nothing else competes with them for the CPU.
 *
 *   node scripts/tools/test-all.mjs            (npm test)
 *   node scripts/tools/test-all.mjs --from=test:e2e   (resume at a step, its exports already built)
 */
import { spawnSync } from 'node:child_process';

/** The steps, each an npm script (README, 'Scripts'). */
export const STEPS = [
  'typecheck',
  'lint',
  'test:unit',
  'build',
  'check:reproducible',
  'check:budget',
  'check:head',
  'check:round-trip',
  'check:html',
  'check:atomic',
  'build:subpath',
  'build:synthetic',
  'build:hostile',
  'check:pages',
  'test:e2e',
  'check:blocking',
  'lighthouse',
];

const from = process.argv.find((arg) => arg.startsWith('--from='))?.slice('--from='.length);
const start = from === undefined ? 0 : STEPS.indexOf(from);
if (start < 0) {
  console.error(`No step ${from}; the steps are: ${STEPS.join(', ')}`);
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const began = Date.now();
/** @type {{ step: string, seconds: number, ok: boolean }[]} */
const done = [];
for (const step of STEPS.slice(start)) {
  const stepStart = Date.now();
  const { status } = spawnSync(npm, ['run', step], { stdio: 'inherit' });
  done.push({ step, seconds: (Date.now() - stepStart) / 1000, ok: status === 0 });
  if (status !== 0) break;
}

const width = Math.max(...done.map(({ step }) => step.length));
console.log(`\nnpm test: ${Math.round((Date.now() - began) / 1000)} s`);
for (const { step, seconds, ok } of done)
  console.log(`  ${step.padEnd(width)}  ${String(Math.round(seconds)).padStart(5)} s${ok ? '' : '  FAILED'}`);
const failed = done.filter(({ ok }) => !ok).length;
console.log(`steps: ${done.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
