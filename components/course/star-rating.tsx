import { formatRating, starKinds, type StarKind } from '@/lib/rating';
import { cn } from '@/lib/cn';

/**
 * The rating value and five star icons, read out once as 'Rated 4.5 out of 5'.
 * `tone` picks a colour with AA contrast on a light or on the dark course header.
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
      className={cn('inline-flex items-center gap-1', tone === 'dark' ? 'text-amber-300' : 'text-rating', className)}
    >
      <span aria-hidden="true" className="text-sm font-bold">
        {value}
      </span>
      <span aria-hidden="true" className={cn('flex', tone === 'dark' ? 'text-amber-300' : 'text-star')}>
        {starKinds(rating).map((kind, index) => (
          <Star key={index} kind={kind} />
        ))}
      </span>
    </span>
  );
}

const starPath = 'M10 1.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.6 7.7l5.8-.8z';

function Star({ kind }: { kind: StarKind }) {
  return (
    <svg viewBox="0 0 20 20" width="14" height="14" data-star={kind} className="shrink-0">
      {kind === 'half' ? (
        <>
          <path d={starPath} fill="none" stroke="currentColor" strokeWidth="1.4" />
          <path d={starPath} fill="currentColor" style={{ clipPath: 'inset(0 50% 0 0)' }} />
        </>
      ) : (
        <path d={starPath} fill={kind === 'full' ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.4" />
      )}
    </svg>
  );
}
