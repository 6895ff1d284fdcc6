/**
 * The build as one module: what scripts/build.mjs compiles into .cache/build/ and runs (`main`),
 * what the project's scripts and checks, and the tests that run it in Node, take from it (the named
 * exports below), and, on a worker
 * thread started by threads.ts, the step's share of work that thread was given (WORKERS).
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { writeDocuments } from './documents';
import { drawShare } from './og';
import { adaptEach } from './pages';
import type { WorkerData, WorkerRole } from './threads';

export { main } from './main';
export { adaptExport, STEPS } from './adapter';
export { CACHES, CACHE_ROOT, FRESH_VARIABLE, openCache, writeEntry, writeTreeEntry } from './cache';
export { differingFiles, filesNamed } from './files';
export { COMMITTED, checkoutOption, headersFile, headersFor, nginxSnippet, writeCommitted } from './host-headers';
export { parsePage } from './html';
export {
  copyExport,
  hasManifest,
  manifestFile,
  pageEntry,
  readManifest,
  startupFiles,
  writeManifest,
} from './manifest';
export { BROWSER_DEFINES, STATIC_DIR, exportBuildId, isRscFile, isStaticFile } from './next-output';
export { adaptPages } from './pages';
export { run as previewsStep } from './og';
export { run as searchIndexStep } from './search-index';
export { shareOut } from './threads';

/** Each worker role's function (threads.ts, shareOut): the same the step runs in its own thread. */
const WORKERS: Record<WorkerRole, (items: never[], options: never) => Promise<unknown>> = {
  pages: adaptEach,
  'reviews pages': writeDocuments,
  'link previews': drawShare,
};

// Not a top-level await: the project's scripts load this module with require() (scripts/build.mjs).
if (!isMainThread && parentPort && (workerData as Partial<WorkerData> | null)?.role) {
  const port = parentPort;
  const { role, items, options } = workerData as WorkerData;
  // A rejection ends the thread with an 'error' event, which fails the step (threads.ts).
  void WORKERS[role](items as never[], options as never).then((result) => port.postMessage(result));
}
