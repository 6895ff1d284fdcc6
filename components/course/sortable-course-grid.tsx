'use client';

import { useId, type ReactNode } from 'react';
import { SORT_OPTIONS, parseSort, sortCourses, type SortKey, type SortableCourse } from '@/lib/sort';
import { replaceQueryParam, useQueryParam } from '@/lib/use-query-param';
import { CardGrid } from './card-grid';

export type SortableCard = SortableCourse & {
  id: string;
  /** The course card, rendered on the server; only its position changes here. */
  card: ReactNode;
};

const SORT_PARAM = 'sort';

/**
 * Server-rendered course cards with a 'Sort by' select. The order lives in `?sort=`, so it
 * survives a reload and can be shared; the static HTML is in catalogue order, and the
 * URL's order applies right after hydration.
 */
export function SortableCourseGrid({
  items,
  summary,
  className,
}: {
  items: readonly SortableCard[];
  /** Shown beside the select, e.g. the number of courses. */
  summary?: ReactNode;
  className?: string;
}) {
  const sort = parseSort(useQueryParam(SORT_PARAM));
  const selectId = useId();

  function changeSort(next: SortKey) {
    replaceQueryParam(SORT_PARAM, next === 'relevance' ? null : next);
  }

  return (
    <div className={className}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        {summary}
        <div className="ml-auto flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-bold">
            Sort by
          </label>
          <select
            id={selectId}
            value={sort}
            onChange={(event) => changeSort(parseSort(event.target.value))}
            className="min-h-10 rounded border border-ink bg-white px-3 text-sm font-bold text-ink hover:bg-canvas"
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <CardGrid>
        {sortCourses(items, sort).map((item) => (
          <li key={item.id}>{item.card}</li>
        ))}
      </CardGrid>
    </div>
  );
}
