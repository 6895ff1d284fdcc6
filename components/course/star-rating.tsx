import { formatRating, shownStars } from '@/lib/rating';
import { cn } from '@/lib/cn';

/**
 * The rating value and five star icons, read out once as 'Rated 4.5 out of 5'.
 * `tone` picks a colour with AA contrast on a light or on the dark course header.
 * The five icons are one empty element, `data-stars` = the stars shown in half stars (4.5: four
 * full and a half), drawn by app/globals.css: every card carries it in the HTML and in each RSC
 * copy, so it costs a few bytes, not five elements or five SVGs.
 */
export function StarRating({
  rating,
  tone = 'light',
  className,
}: {
  rating: number;
  tone?: 'light' | 'dark';
  className?: string;
}) {
  const value = formatRating(rating);
  return (
    <span
      role="img"
      aria-label={`Rated ${value} out of 5`}
      className={cn('rating', tone === 'dark' && 'rating-dark', className)}
    >
      <span aria-hidden="true">{value}</span>
      <span aria-hidden="true" data-stars={shownStars(rating)} />
    </span>
  );
}
