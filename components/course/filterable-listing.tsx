'use client';

import { startTransition, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { activeCount, filterSearch, hasFilters, type FilterAddress, type FilterState } from '@/lib/filters';
import type { FilterOutcome } from '@/lib/browser/filter-runtime';
import { formatCount } from '@/lib/format';
import { screens } from '@/lib/theme';
import { useMediaQuery } from '@/lib/browser/use-media-query';
import type { SortKey } from '@/lib/sort';
import { pushFilterAddress, useFilterAddress } from '@/lib/browser/use-filter-address';
import { FiltersButton } from './filters-button';
import { useListingFilters } from './use-listing-filters';
import { ParsedEnd } from '@/components/ui/parsed-end';

type Answer = { key: string; outcome: FilterOutcome } | { key: string; failed: true };

/**
 * A category listing with filters beside it (a 'Filters' button and dialog on phones). The
 * server-rendered listing (`children`, with its count line `summary`) is what the page shows
 * until a filter is chosen. The panel loads when the browser is idle after hydration
 * (./listing-filters.tsx) and opens with the build's unfiltered counts; the category's Pagefind
 * index loads when a pointer or focus comes to the panel, or a link arrives with filters. The
 * state lives in the address (lib/browser/use-filter-address.ts).
 * The sidebar column and the phone button's box are in the static HTML already, so nothing
 * moves when the filters arrive.
 */
export function FilterableListing({
  category,
  sort,
  summary,
  sortControl,
  children,
}: {
  category: string;
  sort: SortKey;
  summary: ReactNode;
  sortControl: ReactNode;
  children: ReactNode;
}) {
  const address = useFilterAddress();
  // The sidebar's panel exists only where the sidebar shows: a phone renders the panel in its dialog, when opened.
  const wide = useMediaQuery(`(min-width: ${screens.lg})`);
  const loaded = useListingFilters();
  const ui = loaded === 'failed' ? null : loaded;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const resultsRef = useRef<HTMLDivElement>(null);
  const dialogId = useId();
  const key = `${sort}${filterSearch(address)}#${attempt}`;

  useEffect(() => {
    if (!ui) return;
    let stale = false;
    // A transition: the panel and the filtered list render in slices that yield to taps.
    const settle = (next: Answer) => !stale && startTransition(() => setAnswer(next));
    ui.filterCategory(category, sort, address).then(
      (outcome) => settle({ key, outcome }),
      () => settle({ key, failed: true }),
    );
    return () => {
      stale = true;
    };
  }, [ui, category, sort, address, key]);

  // While the next answer loads, the last one stays up rather than flashing the static listing.
  const outcome = answer && 'outcome' in answer ? answer.outcome : null;
  const failed = loaded === 'failed' || (answer !== null && 'failed' in answer && answer.key === key);
  const shown = !failed && outcome && hasFilters(outcome.filters) ? outcome : null;
  const ready = ui !== null && (outcome !== null || failed);
  // A link naming a language the index lacks lists everything: the panel says so too.
  const filters = answer?.key === key && outcome ? outcome.filters : address.filters;

  function change(filters: FilterState, page = 1) {
    pushFilterAddress({ filters, page } satisfies FilterAddress);
  }

  function showPage(page: number) {
    change(filters, page);
    resultsRef.current?.scrollIntoView({ block: 'start' });
  }

  const panel = (heading: boolean) =>
    ui && ready ? (
      <ui.FilterPanel
        heading={heading}
        outcome={failed ? null : outcome}
        filters={filters}
        onChange={change}
        onRetry={() => setAttempt((count) => count + 1)}
        onIntent={() => ui.prepareCategory(category, sort)}
      />
    ) : null;

  return (
    <div className="mt-2 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
      {/* Reserved in the static HTML; the panel scrolls within the list's height, never adding to it. */}
      <div className="relative hidden lg:block">
        <div className="absolute inset-0 overflow-y-auto pr-1">{wide && panel(true)}</div>
      </div>
      <div ref={resultsRef} className="scroll-mt-4">
        {/* Where the row is one line (md and up), as tall as the sort control from the start: painted before
            the control has been parsed, the count would otherwise move down when it arrives. */}
        <div className="mb-6 flex flex-wrap items-center justify-between gap-x-6 gap-y-3 md:min-h-10">
          {/* As tall as the controls: where they wrap below it, their line's height never moves it. */}
          <p aria-live="polite" className="flex min-h-10 items-center text-ink-muted">
            {shown ? `${formatCount(shown.total)} ${shown.total === 1 ? 'course' : 'courses'}` : summary}
          </p>
          {/* At the row's right end: shown once both controls are parsed (app/globals.css, .shown-once-parsed). */}
          <div className="shown-once-parsed ml-auto flex flex-wrap items-center gap-3">
            <FiltersButton
              dialogId={dialogId}
              open={dialogOpen}
              active={activeCount(filters)}
              ready={ready}
              onOpen={() => setDialogOpen(true)}
            />
            {sortControl}
            <ParsedEnd />
          </div>
        </div>
        {shown && ui ? (
          <ui.FilteredResults category={category} sort={sort} outcome={shown} onPage={showPage} />
        ) : (
          children
        )}
      </div>
      {ui && (
        <ui.FilterDialog id={dialogId} open={dialogOpen} onClose={() => setDialogOpen(false)} total={shown?.total}>
          {dialogOpen && panel(false)}
        </ui.FilterDialog>
      )}
    </div>
  );
}
