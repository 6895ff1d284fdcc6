import 'client-only';

/**
 * The start-up script at the end of each page's <body> (build/page.ts writes it): the
 * same text on every page, so one CSP hash, and kept small: every page pays for its bytes in its
 * first round trip. Once the page has loaded and painted the frame after (the second animation
 * frame after `load`: a small page loads before its first frame), it adds the shared loader
 * (lib/browser/loader.ts): fetching even that file sooner would put a request on the largest
 * paint's path. A hidden tab paints nothing, so there it adds it at once; at the latest 3 s after
 * parsing in any case, so that a hanging image cannot keep the page from hydrating. Nothing needs
 * it sooner: every control works before hydration (e2e/controls.spec.ts).
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
