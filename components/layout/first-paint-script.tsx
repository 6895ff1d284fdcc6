/**
 * The few controls that need a script, working from the first paint: one inline script, the
 * same on every page (one CSP hash, computed by the export adapter's CSP step like every inline
 * script's), run as the <body> starts, long before the page's own scripts load. It listens on
 * the document, so it serves markup parsed after it and pages reached by client navigation.
 *
 * - Home tabs (components/home/category-tabs.tsx): a click selects a tab and shows its panel;
 *   Left/Right (wrapping), Home and End move the selection and the focus. Always: the tabs are
 *   a server component, with no client state to keep in step.
 * - 'Expand all sections' (components/course/expand-all-sections.tsx): opens every <details> of
 *   the list its `aria-controls` names, or closes them all when all are open; and on every
 *   section's toggle (captured: 'toggle' does not bubble), marks each such button `data-all-open`
 *   while all its sections are open. Always, for the same reason.
 * - 'Sort by' (components/course/sort-select.tsx): choosing an order loads its pre-rendered page,
 *   named by the option's `data-href`. Only until hydration: then the select navigates on the
 *   client, keeping the scroll position.
 * - A button with a plain-URL equivalent, named by its `data-href` (the navbar's 'Search' below
 *   800px unfolds the form as `#site-search`, as the no-JavaScript link does): follows it. Only
 *   until hydration, when its own handler takes over.
 * - Invoker buttons (`commandfor`) in a browser without invokers: opens or closes the dialog.
 *   Only until hydration, for the same reason.
 *
 * - Saved lists: it touches localStorage once. A renderer's first localStorage access loads the
 *   origin's storage from the browser synchronously, which on a busy phone blocks the main thread
 *   for tens of milliseconds; here that happens while the page is still being parsed, not in the
 *   task after hydration where the cart and wishlist read their counts (lib/saved-list-store.ts).
 *   Storage that throws is the stores' to handle.
 *
 * Hydration is `<html data-hydrated>` (components/layout/hydration-marker.tsx).
 */
export const FIRST_PAINT_SCRIPT =
  '(function(d){var h=d.documentElement;try{localStorage.getItem("cart")}catch(e){}' +
  'function all(t){return[].slice.call(t.closest("[role=tablist]").querySelectorAll("[role=tab]"))}' +
  'function pick(t){all(t).forEach(function(x){var s=x==t;x.setAttribute("aria-selected",s);x.tabIndex=s?0:-1;' +
  'd.getElementById(x.getAttribute("aria-controls")).hidden=!s});return t}' +
  'function tab(t){return t.closest&&t.closest("[role=tab]")}' +
  'function sec(b){return[].slice.call(d.getElementById(b.getAttribute("aria-controls")).querySelectorAll("details"))}' +
  'function open(b){return sec(b).every(function(s){return s.open})}' +
  'd.addEventListener("toggle",function(){[].forEach.call(d.querySelectorAll("[data-expand-all]"),function(b){' +
  'b.toggleAttribute("data-all-open",open(b))})},true);' +
  'd.addEventListener("click",function(e){var t=e.target,c=tab(t),o;' +
  'if(c)return pick(c);' +
  'if(c=t.closest&&t.closest("[data-expand-all]")){o=!open(c);return sec(c).forEach(function(s){s.open=o})}' +
  'if(h.dataset.hydrated||!t.closest)return;' +
  'if(c=t.closest("button[data-href]"))location.assign(c.dataset.href);' +
  'else if((c=t.closest("[commandfor]"))&&!("command"in c)){t=d.getElementById(c.getAttribute("commandfor"));' +
  'c.getAttribute("command")=="close"?t.close():t.open||t.showModal()}});' +
  'd.addEventListener("keydown",function(e){var t=tab(e.target),l=t&&all(t),n=l&&l.length,' +
  'j=t&&{ArrowRight:l.indexOf(t)+1,ArrowLeft:l.indexOf(t)+n-1,Home:0,End:n-1}[e.key];' +
  'if(j==null)return;e.preventDefault();pick(l[j%n]).focus()});' +
  'd.addEventListener("change",function(e){var o=e.target.selectedOptions,u=o&&o[0]&&o[0].dataset.href;' +
  'if(u&&!h.dataset.hydrated)location.assign(u)})})(document)';

export function FirstPaintScript() {
  // Rendered on the server only: React leaves an inline script it hydrates as it is.
  return <script dangerouslySetInnerHTML={{ __html: FIRST_PAINT_SCRIPT }} />;
}
