'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CourseGrid } from '@/components/course/course-grid';
import { Pagination } from '@/components/course/pagination';
import { Button } from '@/components/ui/button';
import { SheetHeader } from '@/components/ui/sheet-header';
import { emptyFilters, FILTER_GROUPS, filterSearch, hasFilters, toggleFilter, type FilterState } from '@/lib/filters';
import { groupOptions } from '@/lib/filter-options';
import type { FilterOutcome } from '@/lib/browser/filter-runtime';
import { formatCount } from '@/lib/format';
import { categoryListingHref } from '@/lib/routes';
import type { SortKey } from '@/lib/sort';

/*
 * The listing filters' UI, loaded on demand by ./filterable-listing.tsx (never in a page's
 * start-up JavaScript), with the Pagefind query it runs.
 */
export { filterCategory, prepareCategory } from '@/lib/browser/filter-runtime';

/**
 * The filter groups (a region named 'Filters' by its title where `heading`): one <fieldset> per group with something to choose, each choice with the
 * number of courses it would leave (disabled at none, unless chosen), and 'Clear filters'.
 * Without an index (offline, never cached) it says that filtering needs a connection.
 */
export function FilterPanel({
  heading,
  outcome,
  filters,
  onChange,
  onRetry,
  onIntent,
}: {
  heading: boolean;
  outcome: Pick<FilterOutcome, 'counts' | 'indexed'> | null;
  filters: FilterState;
  onChange: (filters: FilterState) => void;
  onRetry: () => void;
  /** A pointer or focus came to the panel: a choice may follow. */
  onIntent?: () => void;
}) {
  const name = useId();
  return (
    // A named region, not a heading: the listing's headings stay its courses' names.
    <section
      aria-labelledby={heading ? `${name}-title` : undefined}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      className="flex flex-col gap-5 pb-4"
    >
      <div className="flex min-h-10 items-center justify-between gap-3">
        {heading && (
          <p id={`${name}-title`} className="text-lg font-extrabold">
            Filters
          </p>
        )}
        <button
          type="button"
          disabled={!hasFilters(filters)}
          onClick={() => onChange(emptyFilters())}
          className="min-h-10 text-sm font-bold text-brand underline disabled:text-ink-soft disabled:no-underline"
        >
          Clear filters
        </button>
      </div>
      {outcome === null ? (
        <div role="status" className="text-sm text-ink-muted">
          <p>Filtering needs a connection. The listing here still works.</p>
          <Button variant="secondary" className="mt-3" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : (
        FILTER_GROUPS.map((group) => {
          const options = groupOptions(group.key, outcome.indexed[group.key]);
          if (options.length === 0) return null;
          const counts = outcome.counts[group.key];
          return (
            <fieldset key={group.key} className="border-t border-line pt-4">
              <legend className="float-left mb-2 w-full font-extrabold">{group.legend}</legend>
              <ul className="clear-both flex flex-col gap-1">
                {options.map((option) => {
                  const checked = filters[group.key].includes(option.value);
                  const count = counts[option.value] ?? 0;
                  return (
                    <li key={option.value}>
                      <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm has-disabled:cursor-default has-disabled:text-ink-soft">
                        <input
                          type={group.multiple ? 'checkbox' : 'radio'}
                          data-control="filter-choice"
                          name={`${name}-${group.key}`}
                          value={option.value}
                          checked={checked}
                          disabled={count === 0 && !checked}
                          onChange={() => onChange(toggleFilter(filters, group.key, option.value))}
                          className="size-4 accent-brand"
                        />
                        {option.label} ({formatCount(count)})
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          );
        })
      )}
    </section>
  );
}

/** The filtered matches' page and its pagination nav, in the listing's order. */
export function FilteredResults({
  category,
  sort,
  outcome,
  onPage,
}: {
  category: string;
  sort: SortKey;
  outcome: FilterOutcome;
  onPage: (page: number) => void;
}) {
  return (
    <>
      <CourseGrid
        courses={outcome.hits}
        headingLevel={2}
        emptyMessage="No courses match these filters."
        besideFilters
      />
      <Pagination
        className="mt-10"
        page={outcome.page}
        pages={outcome.pages}
        href={(page) => `${categoryListingHref(category, { sort })}${filterSearch({ filters: outcome.filters, page })}`}
        onSelect={onPage}
      />
    </>
  );
}

/** The phone's filter panel: a modal <dialog> (Escape and the backdrop close it; focus returns). */
export function FilterDialog({
  id,
  open,
  total,
  onClose,
  children,
}: {
  id: string;
  open: boolean;
  total: number | undefined;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      id={id}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => event.target === event.currentTarget && dialogRef.current?.close()}
      className="m-0 ml-auto h-dvh max-h-none w-sidebar max-w-full bg-white p-0 text-ink backdrop:bg-black/50 lg:hidden"
    >
      <div className="flex h-full flex-col">
        <SheetHeader
          titleId={titleId}
          title="Filters"
          closeLabel="Close filters"
          onClick={() => dialogRef.current?.close()}
        />
        <div className="flex-1 overflow-y-auto px-4 pt-2">{children}</div>
        <div className="border-t border-line p-4">
          <Button className="w-full" onClick={() => dialogRef.current?.close()}>
            {total === undefined ? 'Show courses' : `Show ${formatCount(total)} ${total === 1 ? 'course' : 'courses'}`}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
