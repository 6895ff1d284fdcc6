// @ts-check
/**
 * One worker thread of the link-preview step (og.mjs): draws its share of the missing images and
 * writes each into the cache (aside, then renamed, so that no build reads half a file).
 */
import { rename, writeFile } from 'node:fs/promises';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { renderPreview } from './og-render.mjs';

/** @type {{ items: import('./og.mjs').Job[], design: import('../../lib/build/og-previews').OgDesign }} */
const { items: jobs, design } = workerData;
for (const { preview, file } of jobs) {
  const jpeg = await renderPreview(preview, design).catch((error) => {
    throw new Error(
      `link previews: og/${preview.file} could not be drawn (${error instanceof Error ? error.message : error})`,
    );
  });
  const partial = `${file}.${process.pid}-${threadId}.tmp`;
  await writeFile(partial, jpeg);
  await rename(partial, file);
}
parentPort?.postMessage(jobs.length);
