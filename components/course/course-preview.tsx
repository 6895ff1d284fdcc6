import { PlayIcon } from '@/components/ui/icons';
import { assetPath } from '@/lib/routes';
import type { CoursePreview as Preview } from '@/lib/schema';
import { PreviewDialog } from './preview-dialog';

const DIALOG_ID = 'course-preview';

/**
 * 'Preview this course' over the cover, and its modal player. A native invoker command opens
 * the dialog, so the button works from the first paint; the video loads nothing until played.
 */
export function CoursePreview({ preview, courseName }: { preview: Preview; courseName: string }) {
  const media = {
    video: assetPath(preview.video),
    type: preview.video.toLowerCase().endsWith('.webm') ? 'video/webm' : 'video/mp4',
    poster: assetPath(preview.poster),
    captions: preview.captions.map((track) => ({ ...track, src: assetPath(track.src) })),
  };
  return (
    <>
      <button
        type="button"
        command="show-modal"
        commandfor={DIALOG_ID}
        aria-haspopup="dialog"
        className="group absolute inset-0 flex items-end justify-center bg-gradient-to-t from-ink/85 via-ink/20 to-transparent pb-4 text-base font-bold text-white"
      >
        {/* Placed on its own, not by the label after it: a page painted before the label is parsed must not move it. */}
        <span className="absolute top-1/2 left-1/2 flex size-16 -translate-1/2 items-center justify-center rounded-full bg-white text-ink shadow-lg transition-transform group-hover:scale-110">
          <PlayIcon size={28} className="ml-1 fill-current" />
        </span>
        Preview this course
      </button>
      <PreviewDialog id={DIALOG_ID} courseName={courseName} media={media} />
    </>
  );
}
