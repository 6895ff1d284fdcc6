import 'client-only';

/**
 * Gives the preview dialog's video the poster it keeps in `data-poster` (components/course/preview-dialog.tsx):
 * fetched when the player opens, not with the page. The first-paint script calls it before
 * hydration (lib/browser/first-paint.ts), the component after. Any other element: nothing.
 */
export function showPoster(dialog: Element) {
  const video = dialog.querySelector?.('video');
  if (video?.dataset.poster && !video.getAttribute('poster')) video.poster = video.dataset.poster;
}
