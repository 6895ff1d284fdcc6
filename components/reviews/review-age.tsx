'use client';

import { useSyncExternalStore } from 'react';
import { relativeAge } from '@/lib/reviews';

const subscribeToNothing = () => () => {};

/**
 * A review's date: in the HTML the date in full (`full`), the same whenever the page is built
 * (STYLE 25), and once the page runs, how long ago that was from the reader's today ('2 weeks
 * ago'), the full date kept as its title. Hydration renders the full date the HTML has, then the
 * age; a client-side navigation renders the age at once. Pages that never hydrate (the reviews
 * pages) say the age from an inline script (lib/browser/review-ages.ts), which finds it by
 * `data-age`. The age is never longer than the full date ('11 months ago' against '20 November
 * 2026'), so nothing after it moves.
 */
export function ReviewAge({ date, full }: { date: string; full: string }) {
  const text = useSyncExternalStore(
    subscribeToNothing,
    () => relativeAge(date),
    () => full,
  );
  return (
    <time dateTime={date} title={full} data-age="">
      {text}
    </time>
  );
}
