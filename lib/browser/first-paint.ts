import 'client-only';
import { ADD_TO_CART_PARAM } from '@/lib/routes';
import { readSavedList, type SavedListRules } from '@/lib/saved-list';
import { countName } from '@/lib/saved-list-labels';
import { cartRules, wishlistRules } from '@/lib/saved-list-rules';
import { showPoster } from './preview-dialog';
import { WISHLIST_TOGGLE } from './wishlist-paint';

/**
 * What the page does from its first paint, long before hydration: one inline script bundled by
 * esbuild (lib/server/browser-bundle.ts), the same on every page (one CSP hash), run as <body>
 * starts. It listens on the document, so it serves markup parsed after it and client navigations.
 *
 * Always, as nothing else does it or doing it twice is harmless: the home tabs (a server component,
 * no client state to keep in step), 'Expand all sections', the preview player's pause and poster,
 * the saved lists' paint. Only until hydration (`<html data-hydrated>`, written by
 * components/layout/hydration-marker.tsx), when the components' own handlers take over: 'Sort by'
 * and buttons with a `data-href` (the navbar's 'Search' below 800px) load that URL, and invokers
 * (`commandfor`) work where the browser has none.
 */
export function startFirstPaint(document: Document, getStorage: () => Storage = () => window.localStorage) {
  const hydrated = () => document.documentElement.dataset.hydrated;
  const byId = (id: string | null) => document.getElementById(id!);
  const controlled = (control: Element) => byId(control.getAttribute('aria-controls'));

  const tabsOf = (tab: Element) => [...tab.closest('[role=tablist]')!.querySelectorAll<HTMLElement>('[role=tab]')];
  function selectTab(tab: HTMLElement) {
    for (const other of tabsOf(tab)) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      controlled(other)!.hidden = !selected;
    }
    return tab;
  }
  const tabOf = (target: EventTarget | null) => (target as Element).closest?.<HTMLElement>('[role=tab]');

  const sectionsOf = (button: Element) => [...controlled(button)!.querySelectorAll('details')];
  const allOpen = (button: Element) => sectionsOf(button).every((section) => section.open);

  paintSavedLists(document, getStorage);

  // Marks each 'Expand all sections' button `data-all-open` while all its sections are open.
  // Captured, here and below: 'toggle', 'close' and 'command' do not bubble.
  document.addEventListener(
    'toggle',
    () => {
      for (const button of document.querySelectorAll('[data-expand-all]'))
        button.toggleAttribute('data-all-open', allOpen(button));
    },
    true,
  );

  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (!target.closest) return;
    const tab = tabOf(target);
    if (tab) return void selectTab(tab);
    const expand = target.closest('[data-expand-all]');
    if (expand) {
      const open = !allOpen(expand);
      for (const section of sectionsOf(expand)) section.open = open;
      return;
    }
    if (hydrated()) return;
    const button = target.closest<HTMLElement>('button[data-href]');
    if (button) return location.assign(button.dataset.href!);
    const invoker = target.closest('[commandfor]');
    if (invoker && !('command' in invoker)) {
      const dialog = byId(invoker.getAttribute('commandfor')) as HTMLDialogElement;
      if (invoker.getAttribute('command') === 'close') dialog.close();
      else if (!dialog.open) dialog.showModal();
    }
  });

  document.addEventListener('close', (event) => (event.target as Element).querySelector('video')?.pause(), true);
  document.addEventListener('command', (event) => showPoster(event.target as Element), true);

  // Left/Right (wrapping), Home and End move a tab's selection and the focus.
  document.addEventListener('keydown', (event) => {
    const tab = tabOf(event.target);
    if (!tab) return;
    const tabs = tabsOf(tab);
    const count = tabs.length;
    const position = tabs.indexOf(tab);
    const next = { ArrowRight: position + 1, ArrowLeft: position + count - 1, Home: 0, End: count - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    selectTab(tabs[next % count]!).focus();
  });

  // 'Sort by' (components/course/sort-select.tsx) loads the chosen order's pre-rendered page. Only
  // until hydration: then the select navigates on the client and keeps the scroll position.
  document.addEventListener('change', (event) => {
    const href = (event.target as HTMLSelectElement).selectedOptions?.[0]?.dataset.href;
    if (href && !hydrated()) location.assign(href);
  });
}

/**
 * Paints what storage says before hydration, as the page is parsed: the count of every
 * `[data-count-of]` link (its `[data-count-badge]` digits and its `[data-count-name]` name), the
 * pressed state of every saved course's heart, and the cart page's empty message (`[data-cart-page]` marked
 * `data-cart="empty"` when nothing is saved and no course is being added). The counts follow the
 * stores' rules without the catalogue (`readSavedList`: well-formed, distinct ids, the same cap),
 * so hydration shows the same numbers unless storage names courses the catalogue lacks; the cart
 * page then corrects them once it has checked. Unreadable storage is an empty list, as it is to
 * the stores. Stops watching when the document is parsed; after hydration the stores and
 * components/wishlist/wishlist-toggles.tsx own all of it.
 *
 */
export function paintSavedLists(document: Document, getStorage: () => Storage) {
  // By storage key, which is also the name a count's link carries in `data-count-of`.
  const lists: Record<string, { ids: string[]; count: number }> = {};
  for (const rules of [cartRules, wishlistRules] as SavedListRules<unknown>[]) {
    let raw = null;
    try {
      raw = getStorage().getItem(rules.key);
    } catch {
      // Unreadable storage is an empty list.
    }
    lists[rules.key] = readSavedList(raw, rules);
  }
  const adding = new URLSearchParams(location.search).has(ADD_TO_CART_PARAM);

  function paint() {
    for (const link of document.querySelectorAll<HTMLElement>('[data-count-of]')) {
      const list = lists[link.dataset.countOf!];
      if (!list) continue;
      setText(link.querySelector('[data-count-badge]'), String(list.count));
      setText(link.querySelector('[data-count-name]'), countName(link.dataset.countLabel!, list.count));
    }
    // A saved course's heart is pressed; the rest stay the links that save (their name changes at hydration).
    for (const heart of document.querySelectorAll<HTMLElement>(WISHLIST_TOGGLE))
      if (lists[wishlistRules.key]!.ids.includes(heart.dataset.wish!)) {
        heart.role = 'button';
        heart.ariaPressed = 'true';
      }
    const cartPage = document.querySelector<HTMLElement>('[data-cart-page]');
    if (cartPage && !lists[cartRules.key]!.ids.length && !adding) cartPage.dataset.cart = 'empty';
  }

  paint();
  if (document.readyState === 'loading') {
    const observer = new MutationObserver(paint);
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      observer.disconnect();
      paint();
    });
  }
}

function setText(element: Element | null, text: string) {
  if (element && element.textContent !== text) element.textContent = text;
}
