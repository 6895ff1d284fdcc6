import { paintReviewAges } from '@/lib/browser/review-ages';

/*
 * The HTML says each review's date in full, the same on every build; on a reviews page, the
 * script after the list says how long ago it was, from the reader's today.
 */
const today = new Date('2026-11-27T09:00:00Z');
const review = (date: string, full: string) =>
  `<li class="review"><time data-age="" datetime="${date}" title="${full}">${full}</time></li>`;
const ages = () => [...document.querySelectorAll('time')].map((time) => time.textContent);

describe('paintReviewAges', () => {
  it("turns each full date the page was built with into how long ago it is from the reader's today", () => {
    document.body.innerHTML = `<ul>${review('2026-11-20', '20 November 2026')}${review('2026-09-27', '27 September 2026')}${review('2025-11-01', '1 November 2025')}</ul>`;
    const rendered = document.querySelector('time')!.firstChild;
    paintReviewAges(document, today);
    expect(ages()).toEqual(['1 week ago', '2 months ago', '1 year ago']);
    expect(document.querySelector('time')).toHaveAttribute('title', '20 November 2026');
    expect(document.querySelector('time')!.firstChild).toBe(rendered);
  });

  it('leaves any other <time> alone', () => {
    document.body.innerHTML = `<p><time datetime="2026-01-01">January 2026</time></p>`;
    paintReviewAges(document, today);
    expect(ages()).toEqual(['January 2026']);
  });
});
