// @ts-check
/**
 * Work split between worker threads, for the export steps whose work is JavaScript bound to one
 * core at a time (the pages, the link previews): `items` dealt out in turn into one share per
 * thread, each share posted to a thread of `script` as `workerData.items` (with `data`), and each
 * thread's one message back collected, in share order.
 */
import { Worker } from 'node:worker_threads';

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
