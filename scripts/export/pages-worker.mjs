// @ts-check
/**
 * One worker thread of the adapter's page step (adapter.mjs, adaptAll): rewrites its share of
 * the pages and posts back each page's result.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { adaptEach } from './adapter.mjs';

parentPort?.postMessage(await adaptEach(workerData.items, workerData.options));
