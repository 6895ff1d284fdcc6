// @ts-check
/**
 * `npm test`: every check, in order, stopping at the first that fails, then each step's time (a
 * slow CI run says where its time went). The two gates that judge the machine's speed (main-thread
 * blocking, Lighthouse) run last, each alone, so nothing else competes with them for the CPU.
 *
 * A group (an array) runs side by side steps that only read the source (tsc and ESLint are
 * single-threaded; Jest takes every core, and has them to itself once those two are done), their
 * output held and printed whole once each has exited.
 *
 *   node scripts/tools/test-all.mjs            (npm test)
 *   node scripts/tools/test-all.mjs --from=test:e2e   (resume at a step, its exports built; a group's step runs its group)
 */
import { spawn } from 'node:child_process';

/** The steps, each an npm script (README, 'Scripts'); an array is a group run side by side. */
export const STEPS = [
  ['typecheck', 'lint', 'test:unit'],
  'build',
  'check:reproducible',
  'check:budget',
  'check:head',
  'check:next-output',
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

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Runs one npm script; a step in a group keeps its output until it exits.
 * @param {string} step @param {boolean} held
 * @returns {Promise<{ step: string, seconds: number, ok: boolean, output: Buffer[] }>}
 */
function run(step, held) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', step], { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => resolve({ step, seconds: (Date.now() - started) / 1000, ok: status === 0, output }));
  });
}

/** @param {string | string[]} entry */
const stepsOf = (entry) => (Array.isArray(entry) ? entry : [entry]);

const from = process.argv.find((arg) => arg.startsWith('--from='))?.slice('--from='.length);
const start = from === undefined ? 0 : STEPS.findIndex((entry) => stepsOf(entry).includes(from));
if (start < 0) {
  console.error(`No step ${from}; the steps are: ${STEPS.flatMap(stepsOf).join(', ')}`);
  process.exit(2);
}

const began = Date.now();
/** @type {{ step: string, seconds: number, ok: boolean, group?: number }[]} */
const done = [];
for (const entry of STEPS.slice(start)) {
  const steps = stepsOf(entry);
  const groupStart = Date.now();
  const results = await Promise.all(steps.map((step) => run(step, steps.length > 1)));
  for (const { step, seconds, ok, output } of results) {
    if (steps.length > 1) process.stdout.write(Buffer.concat([Buffer.from(`\n> npm run ${step}\n`), ...output]));
    done.push({ step, seconds, ok, ...(steps.length > 1 && { group: (Date.now() - groupStart) / 1000 }) });
  }
  if (results.some(({ ok }) => !ok)) break;
}

const width = Math.max(...done.map(({ step }) => step.length));
console.log(`\nnpm test: ${Math.round((Date.now() - began) / 1000)} s`);
for (const { step, seconds, ok, group } of done)
  console.log(
    `  ${step.padEnd(width)}  ${String(Math.round(seconds)).padStart(5)} s${ok ? '' : '  FAILED'}` +
      (group === undefined ? '' : `  (side by side: ${Math.round(group)} s for the group)`),
  );
const failed = done.filter(({ ok }) => !ok).length;
console.log(`steps: ${done.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
