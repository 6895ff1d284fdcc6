'use client';

import { useEffect, useId } from 'react';
import { useNavigate } from '@/lib/browser/full-stylesheet';
import { basePath, categoryListingHref } from '@/lib/routes';
import { DEFAULT_SORT, isSortKey, parseSort, SORT_OPTIONS, type SortKey } from '@/lib/sort';
import { currentFilterSearch } from '@/lib/browser/use-filter-address';
import { useQueryParam } from '@/lib/browser/use-query-param';

/**
 * The 'Sort by' select of a category listing. Each order is its own pre-rendered URL
 * (lib/routes.ts), so choosing one navigates there, to its page 1; the list itself is
 * server-rendered and already in that order. Links from before those URLs existed
 * (`/category/python/?sort=price-asc`) are sent on to the sorted page once the page runs.
 *
 * Before hydration the page's first-paint script (components/layout/first-paint-script.tsx) loads
 * the chosen order's page, named by the option's `data-href`. Without JavaScript the orders are
 * plain links instead: a GET form would land on `?sort=…`, which a static host answers with the
 * unsorted page, and nothing could send it on.
 */
export function SortSelect({ category, sort }: { category: string; sort: SortKey }) {
  const router = useNavigate();
  const selectId = useId();
  const legacySort = useQueryParam('sort');

  useEffect(() => {
    if (sort !== DEFAULT_SORT || !isSortKey(legacySort) || legacySort === DEFAULT_SORT) return;
    router.replace(categoryListingHref(category, { sort: legacySort }), { scroll: false });
  }, [category, sort, legacySort, router]);

  const href = (value: SortKey) => categoryListingHref(category, { sort: value });
  return (
    <div className="ml-auto">
      {/* A box of set size, label at its start: a page painted before the select is parsed must not move the label. */}
      <div className="flex min-h-10 w-64 items-center justify-between gap-2 noscript:hidden">
        <label htmlFor={selectId} className="text-sm font-bold">
          Sort by
        </label>
        <select
          // Remounted per order: the choice shows at once, and a back navigation resets it.
          key={sort}
          id={selectId}
          defaultValue={sort}
          // The listing's filters stay; their matches start again at page 1.
          onChange={(event) =>
            router.push(`${href(parseSort(event.target.value))}${currentFilterSearch()}`, { scroll: false })
          }
          // A set width, not its longest option's, for the same reason.
          className="min-h-10 w-44 rounded border border-ink bg-white px-3 text-sm font-bold text-ink hover:bg-canvas"
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value} data-href={`${basePath}${href(option.value)}`}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <nav aria-label="Sort order" className="hidden flex-wrap items-center gap-x-3 gap-y-1 text-sm noscript:flex">
        <span className="font-bold">Sort by:</span>
        {SORT_OPTIONS.map((option) => (
          <a
            key={option.value}
            href={`${basePath}${href(option.value)}`}
            aria-current={option.value === sort ? 'page' : undefined}
            className="underline aria-[current=page]:font-bold aria-[current=page]:no-underline"
          >
            {option.label}
          </a>
        ))}
      </nav>
    </div>
  );
}
