/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compiledBuild } from '../test/helpers/compiled-build';

/**
 * Shares `count` items out as a step does, in Node with the compiled build (worker threads load
 * plain ES modules, not Jest's): doubled by `double` in this thread, or in each worker thread by a
 * module that reads what a thread is handed (WorkerData) as the build's entry does. Returns what it gives.
 */
function shareOut(count: number): { parts: number[][]; threads: number } {
  const worker =
    "import { parentPort, workerData } from 'node:worker_threads';" +
    'const { role, items, options } = workerData;' +
    "if (role === 'pages') parentPort.postMessage(items.map((item) => item * options.by));";
  const script = `
    const { shareOut } = await import(${JSON.stringify(compiledBuild())});
    const module = new URL('data:text/javascript,' + encodeURIComponent(${JSON.stringify(worker)}));
    const double = async (items, { by }) => items.map((item) => item * by);
    const items = Array.from({ length: ${count} }, (_, index) => index);
    process.stdout.write(JSON.stringify(await shareOut('pages', double, items, { options: { by: 2 }, module })));`;
  // A file, not --input-type: the threads would inherit the flag, which only goes with -e.
  const dir = mkdtempSync(path.join(tmpdir(), 'threads-'));
  try {
    writeFileSync(path.join(dir, 'share-out.mjs'), script);
    return JSON.parse(execFileSync(process.execPath, [path.join(dir, 'share-out.mjs')], { encoding: 'utf8' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("a step's work shared out between threads", () => {
  it('runs in this thread below THREADS_FROM items', () => {
    expect(shareOut(3)).toEqual({ parts: [[0, 2, 4]], threads: 1 });
  });

  it('deals many items out to one thread a core, each running the same function with the same options', () => {
    const { parts, threads } = shareOut(450);
    // This machine's cores, at most ceil(450 / THREADS_FROM) = 3.
    expect(parts).toHaveLength(threads);
    expect(parts.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 450 }, (_, index) => index * 2));
    if (threads > 1) expect(parts[1]?.[0]).toBe(2);
  }, 30_000);
});
