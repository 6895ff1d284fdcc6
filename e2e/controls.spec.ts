import type { Page } from '@playwright/test';
import { getCategories, getCategoryLabel, getCourses } from '@/lib/server/catalogue';
import { cartHref, categoryHref, courseHref, searchHref, wishlistHref } from '@/lib/routes';
import { expect, test, waitForHydration } from './fixtures';
import { holdScripts } from './hold-scripts';

/*
 * Every interactive control on every page, and how it works before hydration. A slow phone paints
 * the page long before its scripts run; a control that is shown but does nothing until then is a
 * dead tap. So each control either works from the first paint (a link, a form, a native element,
 * an invoker, the first-paint script) or is not shown until it works.
 *
 * The test lists the controls in the DOM with the scripts held back, then after hydration. A
 * control no entry below describes fails, as does an entry `shown: 'after hydration'` visible
 * before it. To add a control, add an entry (matched by `role` and accessible `name`, or by
 * `data-control="<key>"` as `control`) with its pages. Plain links always work: not listed.
 */

type PageKey =
  | 'home'
  | 'category'
  | 'course'
  | 'cart (empty)'
  | 'cart (filled)'
  | 'wishlist (empty)'
  | 'wishlist (filled)'
  | 'search'
  | '404'
  | 'offline';

type Control = {
  /** ARIA role as the test computes it (explicit role, else the element's: button, combobox, textbox, summary…). */
  role?: string;
  /** The accessible name. */
  name?: RegExp;
  /** Or the element's `data-control` attribute, for names that change or repeat. */
  control?: string;
  /** Pages it is found on (the test checks it is there, so that the list does not go stale). */
  on: readonly PageKey[];
  /** 'first paint': visible and working before hydration. 'after hydration': not shown before. */
  shown: 'first paint' | 'after hydration';
  /** How it works before hydration, or why it is not shown until then. */
  how: string;
};

const ALL_PAGES: readonly PageKey[] = [
  'home',
  'category',
  'course',
  'cart (empty)',
  'cart (filled)',
  'wishlist (empty)',
  'wishlist (filled)',
  'search',
  '404',
  'offline',
];

const CONTROLS: readonly Control[] = [
  {
    role: 'button',
    name: /^Open categories menu$/,
    on: ALL_PAGES,
    shown: 'first paint',
    how: 'invoker: command="show-modal" commandfor=<dialog> (the first-paint script where the browser has no invokers)',
  },
  {
    role: 'button',
    name: /^Close menu$/,
    on: ALL_PAGES,
    shown: 'first paint',
    how: 'invoker: command="close"; Escape and a backdrop click (closedby="any") close the native modal dialog',
  },
  {
    role: 'combobox',
    name: /^Search courses$/,
    on: ALL_PAGES,
    shown: 'first paint',
    how: 'a field of the GET form to /search/; suggestions come with hydration',
  },
  {
    role: 'button',
    name: /^Submit search$/,
    on: ALL_PAGES,
    shown: 'first paint',
    how: 'submits the GET form to /search/',
  },
  {
    role: 'button',
    name: /^Search$/,
    on: ALL_PAGES,
    shown: 'first paint',
    how: 'below 800px: data-href="#site-search", followed by the first-paint script; the form unfolds as :target',
  },
  {
    role: 'tab',
    name: new RegExp(`^(${getCategories().map(getCategoryLabel).join('|')})$`),
    on: ['home'],
    shown: 'first paint',
    how: 'the first-paint script selects the tab and shows its panel; arrows, Home and End too',
  },
  {
    role: 'combobox',
    name: /^Sort by$/,
    on: ['category'],
    shown: 'first paint',
    how: "the first-paint script loads the chosen option's data-href (its pre-rendered page); no-JS: links",
  },
  {
    role: 'button',
    name: /^Filters( \d+ active)?$/,
    on: ['category', 'search'],
    shown: 'after hydration',
    how: 'below 992px: its box is in the static HTML, invisible and disabled, until the filter panel has loaded',
  },
  {
    control: 'filter-choice',
    on: ['category', 'search'],
    shown: 'after hydration',
    how: 'a rating, language, price, level or length choice of the filter panel, loaded when the page is idle after hydration',
  },
  {
    role: 'button',
    name: /^(Clear filters|Close filters|Show (\d+ )?courses?)$/,
    on: ['category', 'search'],
    shown: 'after hydration',
    how: 'the filter panel and its phone dialog, loaded when the page is idle after hydration',
  },
  {
    role: 'button',
    name: /^Add to cart$/,
    on: ['course'],
    shown: 'first paint',
    how: 'submits the GET form to /cart/?add=<id>',
  },
  {
    role: 'button',
    name: /^(Add to|Remove from) wishlist: /,
    on: ['home', 'category', 'course'],
    shown: 'first paint',
    how: 'a link to /wishlist/?add=<id> until the wishlist is read; then a toggle button with aria-pressed',
  },
  {
    role: 'button',
    name: /^Preview this course$/,
    on: ['course'],
    shown: 'first paint',
    how: 'invoker: command="show-modal" commandfor=<the player dialog>',
  },
  {
    role: 'button',
    name: /^Close preview$/,
    on: ['course'],
    shown: 'first paint',
    how: 'invoker: command="close"; Escape and a backdrop click close the native modal dialog; an inline script pauses the video',
  },
  {
    role: 'video',
    name: /.*/,
    on: ['course'],
    shown: 'first paint',
    how: 'a native <video controls preload="none"> in the player dialog',
  },
  {
    role: 'summary',
    name: /^Show moreShow less$/,
    on: ['course'],
    shown: 'first paint',
    how: "'Show more' / 'Show less' under a long review or the instructor's bio: a native <details> whose opening lifts the text's clamp in CSS (:has)",
  },
  {
    role: 'summary',
    name: /.+/,
    on: ['course'],
    shown: 'first paint',
    how: "a native <details> section of 'Course content'",
  },
  {
    control: 'expand-all',
    on: ['course'],
    shown: 'first paint',
    how: "'Expand all sections' / 'Collapse all sections': the first-paint script opens or closes every <details> at once",
  },
  {
    role: 'button',
    name: /^Save for later /,
    on: ['cart (filled)'],
    shown: 'after hydration',
    how: 'rendered with the cart rows, by hydration',
  },
  {
    role: 'button',
    name: /^Move to cart /,
    on: ['wishlist (filled)'],
    shown: 'after hydration',
    how: 'the wishlist is read from localStorage: its cards are rendered by hydration',
  },
  {
    role: 'button',
    name: /^Remove /,
    on: ['cart (filled)', 'wishlist (filled)'],
    shown: 'after hydration',
    how: 'the cart is read from localStorage: its rows are rendered by hydration',
  },
  {
    role: 'button',
    name: /^Clear All$/,
    on: ['cart (filled)'],
    shown: 'after hydration',
    how: 'rendered with the rows, by hydration',
  },
  {
    role: 'button',
    name: /^Checkout$/,
    on: ['cart (filled)'],
    shown: 'after hydration',
    how: 'rendered with the total, by hydration',
  },
  {
    role: 'button',
    name: /^Try again$/,
    on: [],
    shown: 'after hydration',
    how: 'only after a failed fetch (cart records, search index), which needs the scripts',
  },
  {
    role: 'button',
    name: /^Show more results$/,
    on: [],
    shown: 'after hydration',
    how: 'search results are rendered by hydration (Pagefind)',
  },
  {
    role: 'button',
    name: /^Reload$/,
    on: [],
    shown: 'after hydration',
    how: "the service worker's update prompt, shown by hydrated code when a new version waits",
  },
];

const someCourse = getCourses()[0]!;

const PAGES: readonly { key: PageKey; path: string; setup?: (page: Page) => Promise<void> }[] = [
  { key: 'home', path: '/' },
  { key: 'category', path: categoryHref(someCourse.category) },
  { key: 'course', path: courseHref(someCourse.id) },
  { key: 'cart (empty)', path: cartHref },
  {
    key: 'cart (filled)',
    path: cartHref,
    setup: async (page) => {
      await page.addInitScript((id) => localStorage.setItem('cart', JSON.stringify([{ courseID: id }])), someCourse.id);
    },
  },
  { key: 'wishlist (empty)', path: wishlistHref },
  {
    key: 'wishlist (filled)',
    path: wishlistHref,
    setup: async (page) => {
      await page.addInitScript((id) => localStorage.setItem('wishlist', JSON.stringify([id])), someCourse.id);
    },
  },
  { key: 'search', path: `${searchHref}?q=python` },
  { key: '404', path: '/no-such-page/' },
  { key: 'offline', path: '/offline/' },
];

type Found = { role: string; name: string; control: string | null; visible: boolean; html: string };

const INTERACTIVE = [
  'button',
  'select',
  'input:not([type=hidden])',
  'textarea',
  'summary',
  'video[controls]',
  'audio[controls]',
  '[contenteditable]',
  ...['button', 'tab', 'combobox', 'checkbox', 'radio', 'switch', 'menuitem', 'option', 'slider', 'textbox'].map(
    (role) => `[role=${role}]`,
  ),
].join(',');

/** The interactive elements in the page, with the role and accessible name the entries match. */
function controlsIn(page: Page): Promise<Found[]> {
  return page.evaluate((selector) => {
    const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const implicitRole = (element: Element) => {
      const tag = element.localName;
      if (tag === 'select') return 'combobox';
      if (tag === 'input') {
        const type = (element as HTMLInputElement).type;
        return (
          ({ checkbox: 'checkbox', radio: 'radio', range: 'slider', button: 'button', submit: 'button' } as const)[
            type as 'checkbox'
          ] ?? 'textbox'
        );
      }
      return tag === 'textarea' ? 'textbox' : tag;
    };
    const nameOf = (element: Element) => {
      const label = element.getAttribute('aria-label');
      if (label) return label.trim();
      const labelledBy = element.getAttribute('aria-labelledby');
      if (labelledBy)
        return labelledBy
          .split(/\s+/)
          .map((id) => text(document.getElementById(id)))
          .join(' ');
      const labels = (element as HTMLInputElement).labels;
      if (labels?.length) return [...labels].map(text).join(' ');
      return text(element);
    };
    return [...document.querySelectorAll(selector)].map((element) => ({
      role: element.getAttribute('role') ?? implicitRole(element),
      name: nameOf(element),
      control: element.getAttribute('data-control'),
      visible: element.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
      html: element.outerHTML.slice(0, 160),
    }));
  }, INTERACTIVE);
}

function entryFor(found: Found): Control | undefined {
  return CONTROLS.find((entry) =>
    entry.control !== undefined
      ? entry.control === found.control
      : entry.role === found.role && (entry.name?.test(found.name) ?? false),
  );
}

const describe = (found: Found) => `${found.role} "${found.name}" ${found.html}`;

for (const width of [390, 1280]) {
  test.describe(`every control on every page is listed with how it works before hydration (${width}px)`, () => {
    test.use({ viewport: { width, height: 800 }, allowedConsole: /404|\/no-such-page\// });

    for (const { key, path, setup } of PAGES) {
      test(key, async ({ page }) => {
        await setup?.(page);
        const release = await holdScripts(page);
        await page.goto(path, { waitUntil: 'load' });
        const before = await controlsIn(page);
        release();
        await waitForHydration(page);
        if (key === 'cart (filled)' || key === 'wishlist (filled)')
          await expect(page.getByRole('button', { name: /^Remove / })).toBeVisible();
        // Pagefind can take seconds on a busy machine.
        if (key === 'search')
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(/for "python"$/, { timeout: 20_000 });
        // The filter panel loads when the page is idle after hydration: beside the list on a wide
        // screen; on a phone it is rendered in its dialog when 'Filters' opens it.
        if (key === 'category' || key === 'search') {
          if (width < 992) await page.getByRole('button', { name: /^Filters/ }).click();
          await expect(page.locator('button', { hasText: 'Clear filters' }).first()).toBeAttached();
        }
        const after = await controlsIn(page);

        const unlisted = [...before, ...after].filter((found) => !entryFor(found)).map(describe);
        expect(unlisted, 'controls with no entry in CONTROLS (say how each works before hydration)').toEqual([]);

        const shownTooSoon = before
          .filter((found) => found.visible && entryFor(found)?.shown === 'after hydration')
          .map(describe);
        expect(shownTooSoon, 'controls visible before hydration that only work after it').toEqual([]);

        const seen = new Set([...before, ...after].map(entryFor));
        const missing = CONTROLS.filter((entry) => entry.on.includes(key) && !seen.has(entry)).map(
          (entry) => `${entry.role ?? entry.control} ${entry.name ?? ''}`,
        );
        expect(missing, `entries that say they are on ${key} but are not`).toEqual([]);
      });
    }
  });
}
