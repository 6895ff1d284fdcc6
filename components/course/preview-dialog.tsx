'use client';

import { useEffect, useRef } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { showPoster } from '@/lib/browser/preview-dialog';

export type PreviewMedia = {
  video: string;
  type: string;
  poster: string;
  captions: readonly { lang: string; label: string; src: string }[];
};

/**
 * The modal preview player. Opening, Escape, the close button and a click on the backdrop
 * are native (invoker commands, `closedby`), so they work before hydration; closing pauses the
 * video, which a closed dialog would otherwise keep playing out of sight. Closing a modal
 * dialog returns focus to the button that opened it.
 *
 * The poster is fetched when the player opens, not with the page (bytes most visitors never see):
 * it waits in `data-poster` until the dialog's `command` event (an invoker opened it). Before
 * hydration the first-paint script (lib/browser/first-paint.ts) does the same.
 */
export function PreviewDialog({ id, courseName, media }: { id: string; courseName: string; media: PreviewMedia }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = `${id}-title`;
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const show = () => showPoster(dialog);
    dialog.addEventListener('command', show);
    return () => dialog.removeEventListener('command', show);
  }, []);
  return (
    <dialog
      ref={dialogRef}
      id={id}
      aria-labelledby={titleId}
      closedby="any"
      onClose={() => videoRef.current?.pause()}
      className="m-auto w-[calc(100%-2rem)] max-w-3xl overflow-hidden rounded-lg bg-ink p-0 text-white shadow-2xl backdrop:bg-ink/80"
    >
      <div className="flex items-start justify-between gap-4 px-5 pt-4 pb-3">
        <div>
          <p className="text-sm font-bold text-white/80">Course preview</p>
          <h2 id={titleId} className="mt-0.5 text-lg leading-snug font-extrabold">
            {courseName}
          </h2>
        </div>
        <button
          type="button"
          command="close"
          commandfor={id}
          aria-label="Close preview"
          className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/10"
        >
          <CloseIcon />
        </button>
      </div>
      <video
        ref={videoRef}
        controls
        preload="none"
        playsInline
        data-poster={media.poster}
        className="aspect-video w-full bg-black"
      >
        <source src={media.video} type={media.type} />
        {media.captions.map((track, index) => (
          <track
            key={track.src}
            kind="captions"
            src={track.src}
            srcLang={track.lang}
            label={track.label}
            default={index === 0}
          />
        ))}
      </video>
    </dialog>
  );
}
