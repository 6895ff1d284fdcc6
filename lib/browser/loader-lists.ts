/**
 * The start-up lists every exported page carries on its loader stub's element (written by the
 * export, build/page.ts): Next's scripts (`data-startup`), the page's payload
 * (`data-payload`) and the mark of that payload the page was built with (`data-mark`, a hash of
 * its bytes: build/page.ts, payloadMark). lib/browser/loader.ts starts the page from them.
 */
export const LOADER_LISTS = 'script[data-startup]';

/**
 * The file name of a route's payload, as the export wrote it for this page (the last part of its
 * `data-payload`): every route's payload has the same name in its own folder. Undefined on a page
 * without the lists (not an exported page).
 */
export function payloadFileName(document: Document): string | undefined {
  const payload = document.querySelector<HTMLScriptElement>(LOADER_LISTS)?.dataset.payload;
  return payload ? payload.slice(payload.lastIndexOf('/') + 1) || undefined : undefined;
}
