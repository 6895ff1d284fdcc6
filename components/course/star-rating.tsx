import { formatRating, starKinds } from '@/lib/rating';
import { cn } from '@/lib/cn';

/**
 * The rating value and five star icons, read out once as 'Rated 4.5 out of 5'.
 * `tone` picks a colour with AA contrast on a light or on the dark course header.
 * Each icon is an empty `[data-star]` element drawn by app/globals.css: every card carries
 * its stars in the HTML and again in each RSC copy, so they cost a few bytes, not an SVG each.
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
  const [one, two, three, four, five] = starKinds(rating);
  return (
    <span
      role="img"
      aria-label={`Rated ${value} out of 5`}
      className={cn('inline-flex items-center gap-1', tone === 'dark' ? 'text-amber-300' : 'text-rating', className)}
    >
      <span aria-hidden="true" className="text-sm font-bold">
        {value}
      </span>
      <span aria-hidden="true" className={cn('flex', tone === 'light' && 'text-star')}>
        <span data-star={one} />
        <span data-star={two} />
        <span data-star={three} />
        <span data-star={four} />
        <span data-star={five} />
      </span>
    </span>
  );
}
