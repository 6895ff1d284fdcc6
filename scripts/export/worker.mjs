// @ts-check
/**
 * One worker thread of a step shared out between threads (threads.mjs, shareOut): runs the step's
 * function on its share of the items and posts back what it gives.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { module, work, items, options } = workerData;
parentPort?.postMessage(await (await import(module))[work](items, options));
