/**
 * What a page's critical CSS depends on (scripts/postbuild/critical-css.mjs): pages with the same
 * vocabulary get the same CSS, so beasties runs once per vocabulary, not once per page.
 */

/**
 * The attributes the stylesheet's selectors test, by name: true when a selector tests the value
 * (`[data-star=full]`), false for presence alone (`[title]`). Read loosely from the whole CSS, so
 * it may hold names no selector tests: that only makes the cache finer, never wrong.
 */
export function selectorAttributes(css) {
  const attributes = new Map();
  for (const [, name, operator] of css.matchAll(/\[\s*([\w-]+)\s*([~|^$*]?=)?/g)) {
    const key = name.toLowerCase();
    attributes.set(key, attributes.get(key) === true || operator !== undefined);
  }
  return attributes;
}

/**
 * The markup vocabulary a page's critical CSS depends on; equal keys get equal CSS: tag names,
 * class names, and the attributes the stylesheet tests (with their values where it tests them).
 * Attributes it never tests (a course's Pagefind metadata, say) stay out, so that the pages of
 * one template share a key.
 */
export function vocabularyKey(html, links, attributes) {
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  const words = new Set(links);
  for (const [, tag, rest] of markup.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
    words.add(`<${tag.toLowerCase()}`);
    for (const [, rawName, value] of rest.matchAll(/\s([^\s="'>/]+)(?:="([^"]*)")?/g)) {
      const name = rawName.toLowerCase();
      if (name === 'class')
        (value ?? '')
          .split(/\s+/)
          .filter(Boolean)
          .forEach((className) => words.add(`.${className}`));
      else if (attributes.has(name)) words.add(attributes.get(name) ? `[${name}=${value ?? ''}]` : `[${name}]`);
    }
  }
  return [...words].sort().join('\n');
}
