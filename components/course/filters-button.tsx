import { cn } from '@/lib/cn';

/**
 * The phone's 'Filters' button (wide screens show the panel beside the list), with how many
 * filters are active. Until the panel can open it keeps its box but is invisible and disabled.
 */
export function FiltersButton({
  dialogId,
  open,
  active,
  ready,
  onOpen,
  className,
}: {
  dialogId: string;
  open: boolean;
  active: number;
  ready: boolean;
  onOpen: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      // The dialog exists once the panel has loaded: until then the button names nothing.
      aria-controls={ready ? dialogId : undefined}
      aria-expanded={open}
      disabled={!ready}
      onClick={onOpen}
      className={cn(
        'inline-flex min-h-10 items-center gap-2 rounded border border-ink px-3 text-sm font-bold hover:bg-canvas lg:hidden',
        !ready && 'invisible',
        className,
      )}
    >
      Filters
      {active > 0 && (
        <span className="rounded-full bg-ink px-2 text-xs text-white">
          {active}
          <span className="sr-only"> active</span>
        </span>
      )}
    </button>
  );
}
