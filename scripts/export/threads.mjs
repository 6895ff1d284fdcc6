// @ts-check
/**
 * Work split between worker threads, for the export steps whose work is JavaScript bound to one
 * core at a time (the pages, the link previews): `items` dealt out in turn into one share per
 * thread, each share posted to a thread of `script` as `workerData.items` (with `data`), and each
 * thread's one message back collected, in share order.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { SEMI_SPACE_MB } from '../../config/build-workers.mjs';

/**
 * @template T, R
 * @param {URL} script a module that reads workerData.items and posts one message when done
 * @param {T[]} items
 * @param {{ threads: number, name: string, data?: Record<string, unknown>, resourceLimits?: import('node:worker_threads').ResourceLimits }} options
 *   `name` says which step a failure came from
 * @returns {Promise<R[]>}
 */
export function inWorkerThreads(script, items, { threads, name, data = {}, resourceLimits }) {
  const shares = Array.from({ length: threads }, (_, thread) => items.filter((_, index) => index % threads === thread));
  return Promise.all(
    shares.map(
      (share) =>
        /** @type {Promise<R>} */ (
          new Promise((resolve, reject) => {
            const worker = new Worker(script, { workerData: { ...data, items: share }, resourceLimits });
            worker.once('message', resolve);
            worker.once('error', reject);
            worker.once('exit', (code) => reject(new Error(`${name}: a worker thread exited with ${code}`)));
          })
        ),
    ),
  );
}

/** From this many items on, a step's work is shared between worker threads, one per core. */
export const THREADS_FROM = 200;

/**
 * `work(items, options)` for every item: in this thread when there are few items or one core,
 * else shared between worker threads (worker.mjs), each running the same function of the same
 * module. `work` must be an export of `module`, and `options` plain data (it is copied to the threads).
 * Returns each share's result, in share order, and how many threads did it.
 * @template T, O, R
 * @param {URL} module @param {(items: T[], options: O) => Promise<R>} work @param {T[]} items
 * @param {{ name: string, options: O }} step `name` says which step a failure came from
 * @returns {Promise<{ parts: R[], threads: number }>}
 */
export async function shareOut(module, work, items, { name, options }) {
  const threads = Math.min(availableParallelism(), Math.ceil(items.length / THREADS_FROM));
  if (threads <= 1) return { parts: [await work(items, options)], threads };
  /** @type {R[]} */
  const parts = await inWorkerThreads(new URL('./worker.mjs', import.meta.url), items, {
    threads,
    name,
    data: { module: module.href, work: work.name, options },
    // The same young generation as `next build` (build-workers.mjs): less time collecting.
    resourceLimits: { maxYoungGenerationSizeMb: 3 * SEMI_SPACE_MB },
  });
  return { parts, threads };
}
