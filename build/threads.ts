/**
 * Work split between worker threads, for the export steps whose work is JavaScript bound to one
 * core at a time (the pages, the reviews pages, the link previews): `items` dealt out in turn into
 * one share per thread, and each thread's one message back collected, in share order. A thread runs
 * the module this one is compiled into (scripts/build.mjs), the same the build runs: its entry
 * (index.ts) sees the role it is given and runs that step's function on its share.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { SEMI_SPACE_MB } from '../config/build-workers.mjs';

/** The steps whose work runs in worker threads; each names its function in index.ts, WORKERS. */
export type WorkerRole = 'pages' | 'reviews pages' | 'link previews';

/** What a worker thread is handed: its role, its share of the items, and the step's options. */
export type WorkerData = { role: WorkerRole; items: unknown[]; options: unknown };

/** The module a worker thread runs: the one this module is compiled into. */
const BUILD_MODULE = new URL(import.meta.url);

/**
 * Runs `role`'s function over `items` in `threads` worker threads, each handed its share and
 * `options` (plain data: it is copied to the threads). A failure names the role, the step's name.
 * `module` is what the threads run (tests give their own; WorkerData says what it is handed).
 */
export function inWorkerThreads<R>(
  role: WorkerRole,
  items: unknown[],
  { threads, options, module = BUILD_MODULE }: { threads: number; options: unknown; module?: URL },
): Promise<R[]> {
  const shares = Array.from({ length: threads }, (_, thread) => items.filter((_, index) => index % threads === thread));
  return Promise.all(
    shares.map(
      (share) =>
        new Promise<R>((resolve, reject) => {
          const workerData: WorkerData = { role, items: share, options };
          const worker = new Worker(module, {
            workerData,
            // The same young generation as `next build` (build-workers.mjs): less time collecting.
            resourceLimits: { maxYoungGenerationSizeMb: 3 * SEMI_SPACE_MB },
          });
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.once('exit', (code) => reject(new Error(`${role}: a worker thread exited with ${code}`)));
        }),
    ),
  );
}

/** From this many items on, a step's work is shared between worker threads, one per core. */
export const THREADS_FROM = 200;

/**
 * `work(items, options)` for every item: in this thread when there are few items or one core,
 * else shared between worker threads, each running `role`'s function, which is `work` (index.ts,
 * WORKERS; `module`, as inWorkerThreads). Returns each share's result, in share order, and how many
 * threads did it.
 */
export async function shareOut<T, O, R>(
  role: WorkerRole,
  work: (items: T[], options: O) => Promise<R>,
  items: T[],
  { options, module }: { options: O; module?: URL },
): Promise<{ parts: R[]; threads: number }> {
  const threads = Math.min(availableParallelism(), Math.ceil(items.length / THREADS_FROM));
  if (threads <= 1) return { parts: [await work(items, options)], threads };
  return { parts: await inWorkerThreads<R>(role, items, { threads, options, module }), threads };
}
