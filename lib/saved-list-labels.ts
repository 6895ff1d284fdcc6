/**
 * The words of the saved lists' controls, the same whether the first-paint script
 * (lib/browser/first-paint.ts) writes them before hydration or React and the stores after.
 */

/**
 * The accessible name of a navbar link with a count badge ('Cart, 2 items'). `null` is a count
 * not known yet: the link is then named by its label alone.
 */
export function countName(label: string, count: number | null): string {
  return count === null ? label : `${label}, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** A wishlist toggle's action: its visible text (the course page) and the start of its name. */
export const WISHLIST_ACTIONS = { add: 'Add to wishlist', remove: 'Remove from wishlist' } as const;
