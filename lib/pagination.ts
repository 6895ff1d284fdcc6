/** Courses per category page: every listing page stays this size, whatever the catalogue. */
export const PAGE_SIZE = 24;

/** Courses per home tab before its 'See all {n} {Label} courses' link. */
export const HOME_TAB_SIZE = 8;

/** How many pages `total` items fill; an empty list still has its one (empty) page. */
export function pageCount(total: number, size: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The items of page `page` (1-based); empty past the end. */
export function pageItems<T>(items: readonly T[], page: number, size: number = PAGE_SIZE): T[] {
  return items.slice((page - 1) * size, page * size);
}

/** A page-number slot of the pagination nav, or a gap standing for the numbers left out. */
export type PageSlot = { kind: 'page'; page: number } | { kind: 'gap'; key: 'start' | 'end' };

/**
 * The page numbers a pagination nav shows for page `current` of `total`: the first and last
 * page, the current one with `siblings` either side, and a gap where numbers are left out.
 * The slot count never changes with the current page (2 × siblings + 5 once there are that
 * many pages), so the nav keeps its width and the previous/next links stay put.
 */
export function pageWindow(current: number, total: number, siblings = 1): PageSlot[] {
  const slots = 2 * siblings + 5;
  const page = (n: number): PageSlot => ({ kind: 'page', page: n });
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => page(from + i));
  if (total <= slots) return range(1, total);

  // Near an end, the window slides against it and a single gap fills the other side.
  const edge = slots - 2;
  if (current <= siblings + 3) return [...range(1, edge), { kind: 'gap', key: 'end' }, page(total)];
  if (current >= total - siblings - 2)
    return [page(1), { kind: 'gap', key: 'start' }, ...range(total - edge + 1, total)];
  return [
    page(1),
    { kind: 'gap', key: 'start' },
    ...range(current - siblings, current + siblings),
    { kind: 'gap', key: 'end' },
    page(total),
  ];
}
