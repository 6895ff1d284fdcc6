/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Shares `count` items out as a step does, in Node (worker threads load plain ES modules, not
 * Jest's), with a function the threads find by its name in its module. Returns what it gives.
 */
function shareOut(count: number): { parts: number[][]; threads: number } {
  const threads = pathToFileURL(path.join(__dirname, 'threads.mjs')).href;
  const work = 'export async function double(items, { by }) { return items.map((item) => item * by); }';
  const script = `
    const { shareOut } = await import(${JSON.stringify(threads)});
    const module = new URL('data:text/javascript,' + encodeURIComponent(${JSON.stringify(work)}));
    const { double } = await import(module.href);
    const items = Array.from({ length: ${count} }, (_, index) => index);
    process.stdout.write(JSON.stringify(await shareOut(module, double, items, { name: 'doubling', options: { by: 2 } })));`;
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
