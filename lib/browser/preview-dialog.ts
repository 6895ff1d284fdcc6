import 'client-only';

/**
 * Gives the preview dialog's video the poster it keeps in `data-poster` (components/course/preview-dialog.tsx):
 * fetched when the player opens, not with the page.
 */
export function showPoster(dialog: Element) {
  const video = dialog.querySelector('video');
  if (video?.dataset.poster && !video.getAttribute('poster')) video.poster = video.dataset.poster;
}

/**
 * Before hydration, the course page's preview dialog has none of its React handlers: this inline
 * script, right after the dialog (components/course/course-preview.tsx), pauses the video on close
 * and gives it its poster when an invoker opens it, as the component does once hydrated.
 */
export function startPreviewDialog(dialog: Element) {
  dialog.addEventListener('close', () => dialog.querySelector('video')?.pause());
  dialog.addEventListener('command', () => showPoster(dialog));
}
