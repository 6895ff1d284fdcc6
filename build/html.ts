/**
 * A page as the adapter sees it: parsed once by htmlparser2 with each
 * element's place in the source, so that a rewrite replaces exact ranges and every other byte of
 * Next's HTML, which React hydrates against, stays as written.
 */
import { DomUtils, parseDocument } from 'htmlparser2';

import type { Document, Element } from 'domhandler';
export type Edit = { start: number; end: number; text: string };

export function parsePage(html: string) {
  return parseDocument(html, { withStartIndices: true, withEndIndices: true });
}

/** Every element of the document, in source order. */
export function elements(document: Document): Element[] {
  return DomUtils.findAll(() => true, document.children);
}

/** The text of a <script> or <style>, as written (the parser keeps raw text raw). */
export function rawText(element: Element) {
  return DomUtils.textContent(element);
}

/** The element's source range, end exclusive. */
export function range(element: Element) {
  if (element.startIndex === null || element.endIndex === null)
    throw new Error(`<${element.name}> has no source position`);
  return { start: element.startIndex, end: element.endIndex + 1 };
}

/** Where an element's content begins: just after its start tag. */
export function contentStart(html: string, element: Element) {
  const end = html.indexOf('>', range(element).start);
  if (end < 0) throw new Error(`<${element.name}> has no end to its start tag`);
  return end + 1;
}

/** Where an element's end tag begins. */
export function endTagStart(html: string, element: Element) {
  const at = html.lastIndexOf(`</${element.name}`, range(element).end);
  if (at < 0) throw new Error(`<${element.name}> has no end tag`);
  return at;
}

/**
 * The page with the edits applied: each replaces [start, end) of the original with its text.
 * At one place, insertions (start === end) come before a replacement, in the order given.
 */
export function applyEdits(html: string, edits: Edit[]) {
  const isInsertion = (edit: Edit) => (edit.start === edit.end ? 0 : 1);
  const sorted = edits
    .map((edit, order) => ({ ...edit, order }))
    .sort((a, b) => a.start - b.start || isInsertion(a) - isInsertion(b) || a.order - b.order);
  let result = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) throw new Error(`overlapping rewrites at ${edit.start}`);
    result += html.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return result + html.slice(at);
}

export const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
