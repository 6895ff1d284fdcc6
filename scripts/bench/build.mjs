// @ts-check
/**
 * One timed `npm run build`, for the benchmarks (bench-scale.mjs, bench-photos.mjs): its wall
 * time, each export step's time from its log (the adapter prints `export: <step> in N s`), the
 * peak resident memory of its whole process tree, and how many link previews it rendered (the
 * link-preview step says so in its log).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { requireBuild } from '../build.mjs';

const { CACHE_ROOT, CACHES } = requireBuild();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The resident memory of a process and all its descendants, in bytes (Linux /proc; 0 elsewhere). @param {number} pid */
function treeResidentBytes(pid) {
  let entries;
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  const children = new Map();
  const resident = new Map();
  for (const name of entries) {
    try {
      // The command name (field 2) may hold spaces: the fields after its closing parenthesis are fixed.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
      resident.set(Number(name), Number(fields[21]) * 4096);
    } catch {
      // The process ended while being read.
    }
  }
  let total = 0;
  const queue = [pid];
  while (queue.length) {
    const next = queue.pop();
    total += resident.get(next) ?? 0;
    queue.push(...(children.get(next) ?? []));
  }
  return total;
}

const ogCache = path.join(CACHE_ROOT, CACHES.og);
const cachedPreviews = () => (existsSync(ogCache) ? readdirSync(ogCache).length : 0);

/** The caches a fresh clone starts without: the build's (build/cache.ts: link previews, image variants, search indexes, pages) and Next's own. */
export function clearBuildCaches() {
  for (const cache of [...Object.values(CACHES).map((name) => path.join(CACHE_ROOT, name)), path.join(root, '.next')])
    rmSync(cache, { recursive: true, force: true });
}

/**
 * @typedef {{ label: string, seconds: number, steps: [string, number][], peak: number, previews: number }} Timing
 */

/**
 * Runs `npm run build` of `catalogue` (undefined: the shipped one) into `outDir`, its log kept in
 * .cache/bench/`log`; `people` names its instructors and reviews files (none: the shipped
 * catalogue's own, or none for another).
 * @param {{ catalogue?: string, people?: { instructors: string, reviews: string }, label: string, outDir: string, log: string }} options
 * @returns {Promise<{ outDir: string, seconds: number, timing: Timing }>}
 */
export async function timedBuild({ catalogue, people, label, outDir, log: logName }) {
  rmSync(path.join(root, outDir), { recursive: true, force: true });
  mkdirSync(path.join(root, '.cache/bench'), { recursive: true });
  const previewsBefore = cachedPreviews();
  console.log(
    `bench: ${label} of ${catalogue ?? 'the shipped catalogue'} into ${outDir}/ (link-preview cache: ${previewsBefore} files) …`,
  );
  const env = { ...process.env, NEXT_DIST_DIR: outDir };
  if (catalogue) env.CATALOGUE = catalogue;
  else delete env.CATALOGUE;
  if (people) Object.assign(env, { INSTRUCTORS: people.instructors, REVIEWS: people.reviews });
  else for (const name of ['INSTRUCTORS', 'REVIEWS']) delete env[name];
  const started = performance.now();
  const child = spawn('npm', ['run', 'build'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeResidentBytes(child.pid ?? 0))), 500);
  const status = await new Promise((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  writeFileSync(path.join(root, '.cache/bench', logName), log);
  if (status !== 0) {
    console.error(log.split('\n').slice(-40).join('\n'));
    throw new Error(`the build of ${catalogue ?? 'the shipped catalogue'} failed (log: .cache/bench/${logName})`);
  }
  /** @type {[string, number][]} */
  const steps = [...log.matchAll(/^export: (.+?) in ([\d.]+) s/gm)].map(([, name, time]) => [
    String(name),
    Number(time),
  ]);
  const exportSeconds = steps.reduce((sum, [, time]) => sum + time, 0);
  return {
    outDir: path.join(root, outDir),
    seconds,
    timing: {
      label,
      seconds,
      steps: [['next build (and npm)', seconds - exportSeconds], ...steps],
      peak,
      previews: Number(/^export: link previews in [\d.]+ s: \d+ images, (\d+) drawn/m.exec(log)?.[1] ?? NaN),
    },
  };
}

/** Prints a build's time, memory and split. @param {Timing} timing */
export function printTiming(timing) {
  console.log(
    `\n${timing.label}: ${timing.seconds.toFixed(0)} s, peak memory ${(timing.peak / 1024 ** 3).toFixed(2)} GB (the build's processes together), ${timing.previews} link previews rendered`,
  );
  for (const [name, seconds] of timing.steps) console.log(`  ${name.padEnd(24)} ${seconds.toFixed(1).padStart(7)} s`);
}
