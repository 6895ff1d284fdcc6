import type { MouseEvent, ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { ChevronRightIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { pageWindow } from '@/lib/pagination';

const slot = 'inline-flex min-h-10 min-w-9 items-center justify-center rounded px-2 text-sm font-bold sm:min-w-10';

/**
 * Previous, the page numbers (a window with gaps: lib/pagination.ts) and next, as links.
 * Nothing when everything fits on one page. At the ends, previous or next stays in place,
 * as a disabled link, so the numbers don't move from page to page.
 *
 * With `onSelect` (a filtered listing, whose pages are not files of their own) a plain click
 * calls it instead of following the link, and the links are never prefetched.
 */
export function Pagination({
  page,
  pages,
  href,
  onSelect,
  className,
}: {
  page: number;
  pages: number;
  /** The URL of page n, in the listing's order. */
  href: (page: number) => string;
  onSelect?: (page: number) => void;
  className?: string;
}) {
  if (pages <= 1) return null;
  const select = (page: number) =>
    onSelect ? { prefetch: false as const, onClick: selectOnClick(page, onSelect) } : {};
  return (
    <nav aria-label="Pagination" className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <Step href={page > 1 ? href(page - 1) : undefined} rel="prev" label="Previous page" {...select(page - 1)}>
            <ChevronRightIcon size={18} className="rotate-180" />
            <span className="hidden sm:inline">Previous</span>
          </Step>
        </li>
        {pageWindow(page, pages).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} aria-hidden="true" className={cn(slot, 'min-w-6 px-0 text-ink-muted sm:min-w-8')}>
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                href={href(item.page)}
                {...select(item.page)}
                aria-label={`Page ${item.page}`}
                aria-current={item.page === page ? 'page' : undefined}
                className={cn(
                  slot,
                  item.page === page ? 'bg-ink text-white' : 'border border-line hover:border-ink hover:bg-canvas',
                )}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          <Step href={page < pages ? href(page + 1) : undefined} rel="next" label="Next page" {...select(page + 1)}>
            <span className="hidden sm:inline">Next</span>
            <ChevronRightIcon size={18} />
          </Step>
        </li>
      </ul>
    </nav>
  );
}

/** A click handler that calls `onSelect` for a plain click and leaves new-tab clicks to the link. */
function selectOnClick(page: number, onSelect: (page: number) => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onSelect(page);
  };
}

function Step({
  href,
  rel,
  label,
  children,
  ...select
}: {
  href: string | undefined;
  rel: 'prev' | 'next';
  label: string;
  children: ReactNode;
  prefetch?: false;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const className = cn(slot, 'gap-1 border border-line sm:px-3');
  if (!href) {
    return (
      // A link without href, marked disabled: still announced in its place, not focusable.
      <a role="link" aria-disabled="true" aria-label={label} className={cn(className, 'text-ink-soft opacity-60')}>
        {children}
      </a>
    );
  }
  return (
    <Link
      href={href}
      rel={rel}
      aria-label={label}
      {...select}
      className={cn(className, 'hover:border-ink hover:bg-canvas')}
    >
      {children}
    </Link>
  );
}
