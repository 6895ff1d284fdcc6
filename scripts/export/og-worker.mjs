// @ts-check
/**
 * One worker thread of the link-preview step (og.mjs): draws its share of the missing images and
 * writes each into its cache entry (cache.mjs: aside, then renamed, so that no build reads half a file).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { writeAtomic } from './cache.mjs';
import { renderPreview } from './og-render.mjs';

/** @type {{ items: import('./og.mjs').Job[], design: import('../../lib/build/og-previews').OgDesign }} */
const { items: jobs, design } = workerData;
for (const { preview, file } of jobs) {
  const jpeg = await renderPreview(preview, design).catch((error) => {
    throw new Error(
      `link previews: og/${preview.file} could not be drawn (${error instanceof Error ? error.message : error})`,
    );
  });
  await writeAtomic(file, jpeg);
}
parentPort?.postMessage(jobs.length);
