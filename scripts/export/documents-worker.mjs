// @ts-check
/**
 * One worker thread of the export's reviews pages (documents.mjs, run): renders and writes its
 * share, and posts back their manifest entries.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { writeDocuments } from './documents.mjs';

parentPort?.postMessage(await writeDocuments(workerData.items, workerData.options));
