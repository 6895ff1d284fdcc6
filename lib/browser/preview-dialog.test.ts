import { startPreviewDialog } from '@/lib/browser/preview-dialog';

/** The preview dialog as components/course/preview-dialog.tsx renders it, with the script's listeners. */
function renderDialog() {
  document.body.innerHTML =
    '<dialog id="course-preview"><video preload="none" data-poster="/p.webp"><source src="/v.mp4"></video></dialog>';
  const dialog = document.querySelector('dialog')!;
  startPreviewDialog(dialog);
  return { dialog, video: dialog.querySelector('video')! };
}

it('gives the video its poster when an invoker opens the dialog, and not before', () => {
  const { dialog, video } = renderDialog();
  expect(video.getAttribute('poster')).toBeNull();
  dialog.dispatchEvent(new Event('command'));
  expect(video.getAttribute('poster')).toBe('/p.webp');
});

it('keeps a poster the video already has', () => {
  const { dialog, video } = renderDialog();
  video.setAttribute('poster', '/other.webp');
  dialog.dispatchEvent(new Event('command'));
  expect(video.getAttribute('poster')).toBe('/other.webp');
});

it('pauses the video when the dialog closes', () => {
  const { dialog, video } = renderDialog();
  const pause = jest.spyOn(video, 'pause').mockImplementation(() => {});
  dialog.dispatchEvent(new Event('close'));
  expect(pause).toHaveBeenCalledTimes(1);
});

it('fails loudly when its script does not follow a dialog', () => {
  expect(() => startPreviewDialog(null as unknown as Element)).toThrow(TypeError);
});
