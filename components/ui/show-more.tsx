/**
 * 'Show more' after a long text clamped to four lines (the element before it, with the class
 * `clamp`; app/globals.css), 'Show less' once it is open. A native <details>: its opening lifts
 * the clamp in CSS (`:has`), so it works before hydration and without scripts, and the text is in
 * the page once, whole, for readers and crawlers.
 */
export function ShowMore() {
  return (
    <details className="show-more">
      <summary>
        <span>Show more</span>
        <span>Show less</span>
      </summary>
    </details>
  );
}
