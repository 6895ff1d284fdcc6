import 'client-only';

/**
 * The start-up script at the end of each page's <body> (scripts/export/page.mjs writes it, with
 * the loader's lists as its attributes): the same text on every page, so one CSP hash. Once the
 * page has loaded (its document and the images it shows) and painted the frame after (a small page
 * loads before its first frame: the second animation frame after `load` comes after a paint), it
 * adds the shared loader its `data-loader` names (lib/browser/loader.ts): fetching even that small
 * file before the largest paint would put a request on that paint's path. In a hidden tab, which
 * paints nothing, it adds it at once; at the latest 3 s after parsing in any case, so that a
 * hanging image cannot keep the page from hydrating. Nothing needs it sooner: every control works
 * before hydration (e2e/controls.spec.ts).
 *
 * Every page pays for its bytes, Brotli-compressed among the page's: the course page has a few
 * dozen left in the first round trip (docs/performance.md).
 */
export function startLoaderStub(script: HTMLOrSVGScriptElement) {
  let added = false;
  const addLoader = () => {
    if (added) return;
    added = true;
    const loader = document.createElement('script');
    loader.src = script.dataset.loader!;
    document.head.appendChild(loader);
  };
  if (document.hidden || document.readyState === 'complete') addLoader();
  else {
    addEventListener('load', () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(addLoader, 0))));
    setTimeout(addLoader, 3e3);
  }
}
