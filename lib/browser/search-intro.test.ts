import { markSearchIntro } from '@/lib/browser/search-intro';

/** The search page's wrapper with its script, as app/search/page.tsx renders it. */
function renderWrapper() {
  document.body.innerHTML = '<div><script></script></div>';
  return document.querySelector('script')!;
}

it('marks the wrapper as the intro when there is no query, or a blank one', () => {
  for (const search of ['', '?q=', '?q=%20%20', '?other=python']) {
    const script = renderWrapper();
    markSearchIntro(script, search);
    expect(script.parentElement!.dataset.search).toBe('intro');
  }
});

it('leaves the wrapper pending while a query waits for its results', () => {
  const script = renderWrapper();
  markSearchIntro(script, '?q=python');
  expect(script.parentElement!.dataset.search).toBeUndefined();
});

it('fails, saying so, when the script is not inside the wrapper', () => {
  expect(() => markSearchIntro(null, '')).toThrow("The search page's intro script stands outside the page's wrapper");
});
