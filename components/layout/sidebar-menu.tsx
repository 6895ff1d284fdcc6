'use client';

import { Link } from '@/components/ui/link';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type MouseEvent } from 'react';
import { ChevronRightIcon, MenuIcon } from '@/components/ui/icons';
import { SheetHeader } from '@/components/ui/sheet-header';
import { categoryHref } from '@/lib/routes';

/**
 * The right-hand category sidebar: a native modal <dialog>, so the page behind is inert
 * and Escape closes it; Tab is kept cycling inside, and focus returns to the toggle.
 *
 * The toggle and the close button are invokers (`command` / `commandfor`): the browser opens and
 * closes the dialog itself, before the page's scripts have arrived. Once hydrated, the same clicks
 * do it here in browsers without invokers; the dialog's own `close` event is the
 * one place the state learns it closed, however that happened. The page behind stops scrolling
 * through CSS (globals.css), so that holds before hydration too.
 */
const subscribeToNothing = () => () => {};
const isClient = () => true;
const isServer = () => false;

/** Whether the browser acts on `command` / `commandfor` itself (doing it again would warn). */
function hasInvokers(): boolean {
  return 'command' in HTMLButtonElement.prototype;
}

export function SidebarMenu({ categories }: { categories: readonly string[] }) {
  const [open, setOpen] = useState(false);
  // False in the HTML and while hydrating, true after: no state set in an effect.
  const hydrated = useSyncExternalStore(subscribeToNothing, isClient, isServer);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const dialogId = useId();
  const titleId = useId();

  useEffect(() => {
    // Opened by its invoker before hydration: the state adopts what the visitor sees.
    if (dialogRef.current?.open) setOpen(true);
  }, []);

  function show() {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open && !hasInvokers()) dialog.showModal();
    setOpen(true);
  }

  function close() {
    // The browser gives focus back to the toggle, which had it when the dialog opened.
    dialogRef.current?.close();
  }

  function closeWithoutInvokers() {
    if (!hasInvokers()) close();
  }

  function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>) {
    // A click on the backdrop lands on the <dialog> itself; clicks on its content do not.
    if (event.target === event.currentTarget) close();
  }

  function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const focusable = event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <>
      <button
        type="button"
        command="show-modal"
        commandfor={dialogId}
        aria-label="Open categories menu"
        aria-haspopup="dialog"
        // Not in the HTML: the HTML standard leaves an invoker's expanded state to the browser (the
        // W3C checker refuses both). Once hydrated, the click handler keeps it for browsers without.
        aria-expanded={hydrated ? open : undefined}
        aria-controls={dialogId}
        onClick={show}
        className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-canvas"
      >
        <MenuIcon />
      </button>
      <dialog
        ref={dialogRef}
        id={dialogId}
        aria-labelledby={titleId}
        // A click on the backdrop closes it, before hydration too where the browser knows this.
        closedby="any"
        onClose={() => setOpen(false)}
        onClick={closeOnBackdrop}
        onKeyDown={keepTabInside}
        className="sidebar fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-sidebar max-w-[85vw] bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/50"
      >
        <div className="flex h-full flex-col">
          <SheetHeader
            titleId={titleId}
            title="Categories"
            closeLabel="Close menu"
            command="close"
            commandfor={dialogId}
            onClick={closeWithoutInvokers}
          />
          <ul className="flex-1 overflow-y-auto py-2">
            {categories.map((category) => (
              <li key={category}>
                <Link
                  href={categoryHref(category)}
                  onClick={close}
                  className="flex min-h-12 items-center justify-between px-5 text-sm font-bold tracking-wide hover:bg-brand-light hover:text-brand-dark"
                >
                  {category.toUpperCase()}
                  <ChevronRightIcon size={18} />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </dialog>
    </>
  );
}
