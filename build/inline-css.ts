/**
 * The page's stylesheet rules, inlined: page.ts puts them in a <style> where Next's link was and
 * keeps the link after it, disabled, for React to find when it hydrates; lib/browser/full-stylesheet.ts
 * enables it before a client-side navigation. Only the rules the page can use, as the whole sheet
 * would take much of a first round trip (docs/performance.md, 'Documents'): those whose names are in
 * its markup or the scripts it runs. A composed class (`btn-${size}`) keeps every class with its
 * start; attribute selectors never prune. PurgeCSS keeps the sheet's order, so the cascade is the
 * whole sheet's. Only data: URIs and absolute url()s: they mean the same from every page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PurgeCSS } from 'purgecss';
import { rawText } from './html';
import { CLASS, composedClassPrefix, scriptWords } from './next-output';
import type { PageShape } from './page';

const URL_VALUE = /url\(\s*(['"]?)([^'")]*)\1\s*\)/g;

/**
 * The CSS of a stylesheet, checked to be movable into any page and safe inside <style>.
 * @param file the stylesheet, export-relative, for messages
 */
export function inlinable(css: string, file: string) {
  for (const [, , url] of css.matchAll(URL_VALUE)) {
    if (url && !url.startsWith('data:') && !url.startsWith('/') && !url.startsWith('#'))
      throw new Error(`${file}: url(${url}) is relative to the stylesheet and would break once inlined`);
  }
  // A '</style' inside the CSS would end the element early in the HTML parser.
  return css.replace(/<\/style/gi, '<\\/style');
}

/** Names a selector can test a page for: classes (unescaped), elements and attributes. */
const SELECTOR_NAMES = /\.((?:\\.|[\w-])+)|(?:^|[\s,>+~(}{])([a-z][a-z0-9-]*)|\[([\w-]+)/g;

/**
 * What a stylesheet's selectors could look for in a page: the class and element names, and the
 * attributes (rules about an attribute are kept whatever the page's markup says).
 */
export function selectorNames(css: string) {
  const names: Set<string> = new Set();
  const attributes: Set<string> = new Set();
  // Declarations hold no selectors, and their url()s and strings would only add noise.
  const selectors = css.replace(/\{[^{}]*\}/g, '{}');
  for (const [, className, element, attribute] of selectors.matchAll(SELECTOR_NAMES)) {
    if (className) names.add(className.replace(/\\(.)/g, '$1'));
    else if (element) names.add(element);
    else if (attribute) attributes.add(attribute);
  }
  return { names, attributes: [...attributes].sort() };
}

/**
 * Pseudo-elements that style one kind of form field only, by the input types that have them: the
 * sheet's reset styles them on every page, but a page without such a field has no use for them.
 */
const FIELD_PSEUDO_ELEMENTS = [
  {
    pattern: '::-webkit-(?:datetime-edit|date-and-time-value|calendar-picker-indicator)',
    types: ['date', 'datetime-local', 'month', 'week', 'time'],
  },
  { pattern: '::-webkit-(?:inner|outer)-spin-button', types: ['number'] },
  { pattern: '::-webkit-search-decoration', types: ['search'] },
  { pattern: '::file-selector-button', types: ['file'] },
];

const FIELD = 'input[type=';

/** The name under which a page lists an input of this type, among its class and element names. */
export const fieldName = (type: string) => `${FIELD}${type.toLowerCase()}]`;

/**
 * `css` without the rules that only style pseudo-elements of fields a page with these names lacks
 * (PurgeCSS keeps a selector of pseudo-elements alone whatever the page).
 */
function withoutOtherFields(css: string, names: Iterable<string>) {
  const has = new Set(names);
  const lacking = FIELD_PSEUDO_ELEMENTS.filter(({ types }) => !types.some((type) => has.has(fieldName(type))));
  if (!lacking.length) return css;
  const selector = `(?:${lacking.map(({ pattern }) => pattern).join('|')})[\\w-]*`;
  return css.replace(new RegExp(`(?<=^|[{}])${selector}(?:,${selector})*\\{[^{}]*\\}`, 'g'), '');
}

/**
 * The rules of `css` a page with these names (classes and elements; a name marked CLASS, a class
 * only) can use, in the sheet's order.
 * @param attributes kept whatever the page
 */
export async function pageRules(css: string, names: Iterable<string>, attributes: string[]) {
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: [...names].join(' '), extension: 'txt' }],
    css: [{ raw: css }],
    // A name marked as a class (scriptWords: a word of a longer literal) keeps no element's rules.
    defaultExtractor: (content) => {
      const words = content.split(' ');
      return {
        classes: words.filter((word) => word.startsWith(CLASS)).map((word) => word.slice(CLASS.length)),
        undetermined: words.filter((word) => !word.startsWith(CLASS)),
        tags: [],
        ids: [],
        attributes: { names: [], values: [] },
      };
    },
    dynamicAttributes: attributes,
    // A selector of pseudo-classes alone (`:focus-visible`, the focus ring of every control) names
    // nothing a page could lack; PurgeCSS would drop it.
    safelist: { standard: [/^(::?[a-z-]+(\([^()]*\))?)+$/] },
    keyframes: true,
    fontFace: true,
    // A custom property no kept rule reads does nothing: the sheet's universal defaults of the
    // utilities this page lacks (transforms, filters, gradients), the theme's unused values.
    variables: true,
  });
  return withoutOtherFields((result as { css: string }).css, names);
}

/**
 * A function giving the CSS to inline in a page, from its stylesheets and the names it uses
 * (classes, element names and the words of its scripts: only those the sheet's selectors know
 * count). Each file is read once, and each distinct set of names pruned once: pages of one
 * template share it, so the prunings grow with the templates, not the catalogue.
 */
export function inlineCss({ outDir, prune = pageRules }: { outDir: string; prune?: typeof pageRules }) {
  const files: Map<string, Promise<string>> = new Map();
  /** @param file export-relative */
  const read = (file: string) => {
    let css = files.get(file);
    if (!css) {
      css = readFile(path.join(outDir, file), 'utf8').then((text) => inlinable(text, file));
      files.set(file, css);
    }
    return css;
  };

  const sheets: Map<
    string,
    Promise<{ css: string; names: Set<string>; composable: string[]; attributes: string[] }>
  > = new Map();

  const pruned: Map<string, Promise<string>> = new Map();
  /** @param stylesheets export-relative, in the page's order */
  return async (stylesheets: string[], used: Iterable<string>) => {
    const sheetKey = stylesheets.join('\n');
    let sheet = sheets.get(sheetKey);
    if (!sheet) {
      sheet = Promise.all(stylesheets.map(read)).then((texts) => {
        const css = texts.join('\n');
        const { names, attributes } = selectorNames(css);
        // The class names a composed name can stand for: not the variants (`sm:…`, `aria-…:…`).
        return { css, names, attributes, composable: [...names].filter((name) => !name.includes(':')) };
      });
      sheets.set(sheetKey, sheet);
    }
    const { css, names, composable, attributes } = await sheet;
    const kept = new Set(
      [...used].filter(
        (word) => names.has(word.startsWith(CLASS) ? word.slice(CLASS.length) : word) || word.startsWith(FIELD),
      ),
    );
    for (const word of used) {
      const prefix = composedClassPrefix(word);
      if (prefix) for (const name of composable) if (name.startsWith(prefix)) kept.add(`${CLASS}${name}`);
    }
    const pageNames = [...kept].sort();
    const key = `${sheetKey}\n${pageNames.join(' ')}`;
    let rules = pruned.get(key);
    if (!rules) {
      rules = prune(css, pageNames, attributes).then((text) => inlinable(text, sheetKey));
      pruned.set(key, rules);
    }
    return rules;
  };
}

/**
 * The names a page's rules are chosen by: its elements' names and classes, and the words of every
 * script it runs (`loader`, the start-up loader's; `scripts`, its start-up scripts').
 * @param shape the page's elements
 */
export function namesOf(
  shape: { elements: PageShape['elements'] },
  loader: Set<string>,
  scripts: Iterable<Set<string>>,
) {
  const names: Set<string> = new Set(loader);
  for (const element of shape.elements) {
    names.add(element.name);
    if (element.name === 'input') names.add(fieldName(element.attribs.type ?? 'text'));
    for (const name of (element.attribs.class ?? '').split(/\s+/)) if (name) names.add(name);
    if (element.name === 'script' && !element.attribs.src)
      for (const word of scriptWords(rawText(element))) names.add(word);
  }
  for (const words of scripts) for (const word of words) names.add(word);
  return names;
}
