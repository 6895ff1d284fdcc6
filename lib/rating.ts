export type StarKind = 'full' | 'half' | 'empty';

/**
 * The five star icons for a rating (SPEC §9): star n is full if the rating is at least n,
 * half if it is at least n - 0.5, otherwise empty.
 */
export function starKinds(rating: number): StarKind[] {
  return [1, 2, 3, 4, 5].map((n) => (rating >= n ? 'full' : rating >= n - 0.5 ? 'half' : 'empty'));
}

/** The icons of starKinds as one number of stars, in halves: 4.5 is four full icons and a half one. */
export function shownStars(rating: number): number {
  return starKinds(rating).reduce((sum, kind) => sum + (kind === 'full' ? 1 : kind === 'half' ? 0.5 : 0), 0);
}

/** The rating as shown beside the stars: one decimal, '4.0' rather than '4'. */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}
