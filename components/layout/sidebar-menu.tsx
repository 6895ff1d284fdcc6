'use client';

import { Link } from '@/components/ui/link';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { ChevronRightIcon, CloseIcon, MenuIcon } from '@/components/ui/icons';
import { categoryHref } from '@/lib/routes';

/**
 * The right-hand category sidebar: a native modal <dialog>, so the page behind is inert
 * and Escape closes it; Tab is kept cycling inside, and focus returns to the toggle.
 */
export function SidebarMenu({ categories }: { categories: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const dialogId = useId();
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    // The page behind stops scrolling, and gives up the scrollbar's room (globals.css keeps it
    // otherwise) so that the sidebar reaches the window's edge.
    for (const name of ['overflow-hidden', '[scrollbar-gutter:auto]']) {
      document.documentElement.classList.toggle(name, open);
    }
  }, [open]);

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
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
        ref={toggleRef}
        type="button"
        aria-label="Open categories menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={dialogId}
        onClick={() => setOpen(true)}
        className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-canvas"
      >
        <MenuIcon />
      </button>
      <dialog
        ref={dialogRef}
        id={dialogId}
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClick={closeOnBackdrop}
        onKeyDown={keepTabInside}
        className="sidebar fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-sidebar max-w-[85vw] bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/50"
      >
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-line px-5 py-3">
            <h2 id={titleId} className="text-lg font-bold">
              Categories
            </h2>
            <button
              type="button"
              aria-label="Close menu"
              onClick={close}
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-canvas"
            >
              <CloseIcon />
            </button>
          </div>
          <ul className="flex-1 overflow-y-auto py-2">
            {categories.map((category) => (
              <li key={category}>
                <Link
                  href={categoryHref(category)}
                  onClick={() => setOpen(false)}
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
