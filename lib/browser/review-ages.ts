import 'client-only';
import { relativeAge } from '@/lib/reviews';

/**
 * Every review's date (components/reviews/review-age.tsx): a <time> whose text, in the HTML, is
 * the date in full, the same whenever the page was built (STYLE 25).
 */
export const REVIEW_AGE = 'time[data-age]';

/**
 * Says how long ago each review under `root` was written ('2 weeks ago'), counted from the
 * reader's today, where the HTML says the date in full: the reviews pages, which never hydrate,
 * run it as an inline script after their list (components/reviews/review-ages-script.tsx). The
 * <time>'s text node stays; only its value changes. The relative text is never longer than the
 * full date ('11 months ago' against '20 November 2026'), so nothing after it moves.
 */
export function paintReviewAges(root: ParentNode, now = new Date()) {
  for (const time of root.querySelectorAll<HTMLTimeElement>(REVIEW_AGE)) {
    const text = time.firstChild;
    if (text?.nodeType === Node.TEXT_NODE) text.nodeValue = relativeAge(time.dateTime, now);
  }
}
