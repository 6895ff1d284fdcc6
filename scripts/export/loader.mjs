// @ts-check
/**
 * The start-up loader, in two parts: a small inline script at the end of each page's <body>
 * (LOADER_STUB) and a file every page shares (LOADER). Once the page has loaded (its document and
 * the images it shows) and painted the frame after (so the largest paint is done, and nothing
 * competes with it), the stub adds the file, which fetches the page's RSC payload and adds Next's
 * scripts: at once in a hidden tab, which paints nothing, and at the latest 3 s after parsing, so
 * that a hanging image cannot keep the page from hydrating. Nothing needs them sooner: every
 * control works before hydration (e2e/controls.spec.ts).
 *
 * The payload is the page's own index.txt, the file Next's router fetches for the route, so it is
 * stored once. Its URL is not content-hashed, so the loader checks that the text carries the build
 * id the page was built with: a page from one deploy (say, cached by the service worker) never
 * hydrates with another deploy's payload; on a mismatch it stays the static page it is before hydration
 * and, when the new deploy's service worker is waiting, offers it: the same 'A new version is
 * available' prompt with 'Reload' that components/layout/service-worker.tsx shows on a hydrated page
 * (the listings' payloads are not precached, so a listing kept from an older deploy meets a newer
 * payload).
 * If the fetch fails it tries again a few times.
 *
 * Both texts are the same on every page (the lists are the stub's attributes): one CSP hash for
 * the stub, and one file, cached once, allowed by the policy's 'self'.
 */
/**
 * The start-up script in the page: an inline script (one CSP hash, the same text on every page)
 * that carries the loader's lists as attributes and waits. Once the page has loaded and painted
 * (a small page loads before its first frame: the second animation frame after `load` comes after
 * a paint), it adds the loader (its `data-loader`): fetching even that small file before the
 * largest paint would put a request on that paint's path. In a hidden tab, which paints
 * nothing, it adds it at once; at the latest 3 s after parsing in any case.
 */
export const LOADER_STUB =
  '(function(d,c,n){function go(){if(n++)return;var e=d.createElement("script");' +
  'e.src=c.getAttribute("data-loader");d.head.appendChild(e)}' +
  'if(d.hidden||d.readyState=="complete")go();' +
  'else{addEventListener("load",function(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})});setTimeout(go,3e3)}' +
  '})(document,document.currentScript,0)';

/**
 * The loader, a file of its own that every page shares (the adapter writes it): it reads its lists
 * from the page's start-up script (LOADER_STUB's element) and starts at once.
 *
 * The last script of its list is the framework's runtime (the adapter puts it there): nothing of
 * the framework runs until it does. Every other chunk is added as an ordinary async script, so the
 * browser downloads and compiles it off the main thread and runs it (it only registers its modules)
 * in a short task of its own; the runtime (4 KB gzipped) is added once the payload is in Next's
 * queue, and only then do the modules start and the page hydrate. It is not preloaded: a page
 * whose payload is refused never runs it, and Chromium warns about a preload left unused. Each
 * insertion and the fetch run in a task of their own: starting a request costs the main thread a
 * few milliseconds on a slow phone, and seven of them in one task would block a tap.
 */
export const LOADER =
  '(function(){var d=document,c=d.querySelector("script[data-startup]"),' +
  'u=function(a){return(c.getAttribute(a)||"").split(" ").filter(Boolean)},' +
  'js=function(h){var e=d.createElement("script");e.src=h;d.head.appendChild(e)};' +
  'var s=u("data-startup"),r=s.pop(),f=c.getAttribute("data-payload"),k=\'"b":"\'+c.getAttribute("data-build")+\'"\';' +
  's.forEach(function(h){setTimeout(js,0,h)});' +
  'function get(t){fetch(f).then(function(x){if(!x.ok)throw x.status;return x.text()})' +
  '.then(function(p){if(p.indexOf(k)<0)return stale();self.__next_f.push([1,p]);js(r)},' +
  'function(){t<4&&setTimeout(get,1e3*t,t+1)})}setTimeout(get,0,1);' +
  'function stale(){var n=navigator.serviceWorker;n&&n.getRegistration().then(function(g){' +
  'function offer(){var w=g&&g.waiting,s=d.querySelector(".update-prompt"),b=d.createElement("button");' +
  'if(!w||!n.controller||!s||s.firstChild)return;' +
  's.innerHTML="<div><p>A new version is available</p></div>";b.type="button";b.className="btn btn-primary btn-md";' +
  'b.textContent="Reload";b.onclick=function(){n.addEventListener("controllerchange",function(){location.reload()});' +
  'w.state=="installed"?w.postMessage({type:"SKIP_WAITING"}):location.reload()};s.firstChild.appendChild(b)}' +
  'function watch(){var i=g.installing;i&&i.addEventListener("statechange",offer)}' +
  'offer();g&&(watch(),g.addEventListener("updatefound",watch))})}})()';

/** The attributes the loader reads. */
export const LOADER_ATTRIBUTES = {
  loader: 'data-loader',
  scripts: 'data-startup',
  payload: 'data-payload',
  build: 'data-build',
};
