import type { ComponentProps } from 'react';
import { CloseIcon } from './icons';

/**
 * The title bar of a side sheet (<dialog>): its heading, which names the dialog through
 * `titleId`, and a round close button; the button's props say how it closes the sheet.
 */
export function SheetHeader({
  titleId,
  title,
  closeLabel,
  ...closeProps
}: { titleId: string; title: string; closeLabel: string } & Omit<ComponentProps<'button'>, 'type' | 'aria-label'>) {
  return (
    <div className="flex items-center justify-between border-b border-line px-5 py-3">
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <button
        type="button"
        aria-label={closeLabel}
        className="inline-flex size-11 items-center justify-center rounded-full hover:bg-canvas"
        {...closeProps}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
