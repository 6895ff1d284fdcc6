// @ts-check
/**
 * What of a page a browser needs before its first screen can paint, for
 * scripts/check/first-round-trip.mjs: where in the HTML the first screen's content ends, found from
 * the page's own layout (no marker in the markup), and how many bytes of the Brotli stream as
 * served deliver the HTML up to there.
 */
import { brotliDecompressSync, constants } from 'node:zlib';
import { requireBuild } from '../build.mjs';

const { parsePage } = requireBuild();

/** @typedef {import('domhandler').ChildNode} ChildNode */

/**
 * A node of the page in document order, as the parser read it: an element (its tag name) or a text
 * node (its text), its source range (end exclusive) and, for an element, where its start tag ends.
 * @typedef {{ tag?: string, text?: string, start: number, openEnd: number, end: number, parent: number }} SourceNode
 */

/**
 * The same node as the browser laid it out: the edges of its boxes' union, in CSS pixels from the top
 * left of the page scrolled to the top, and what of it is painted: `all` (a text node, or a replaced
 * element such as an image or an icon, drawn from all its markup), `box` (an element that draws a
 * background, border or shadow of its own, drawn from its start tag) or nothing (no box, hidden,
 * or a box that draws nothing itself: what shows of it is inside it, counted as its own nodes).
 * @typedef {{ paints: 'all' | 'box' | null, top: number, bottom: number, left: number, right: number }} NodeBox
 */

/**
 * Every element and text node of an HTML document in document order, with its source range, as a
 * browser's DOM holds them: no comments, nothing inside a <template> (its content is no part of
 * the document's tree). Positions are UTF-16 indices into `html`.
 * @param {string} html
 * @returns {SourceNode[]}
 */
export function sourceNodes(html) {
  /** @type {SourceNode[]} */
  const nodes = [];
  /** @param {ChildNode[]} children @param {number} parent */
  const walk = (children, parent) => {
    for (const child of children) {
      if (child.startIndex === null || child.endIndex === null) throw new Error(`a ${child.type} node has no position`);
      if (child.type === 'text') {
        nodes.push({
          text: child.data,
          start: child.startIndex,
          openEnd: child.startIndex,
          end: child.endIndex + 1,
          parent,
        });
      } else if (child.type === 'tag' || child.type === 'script' || child.type === 'style') {
        const start = child.startIndex;
        const openEnd = html.indexOf('>', start) + 1;
        nodes.push({ tag: child.name.toLowerCase(), start, openEnd, end: child.endIndex + 1, parent });
        if (child.name !== 'template') walk(child.children, nodes.length - 1);
      }
    }
  };
  walk(parsePage(html).children, -1);
  return nodes;
}

/**
 * Where in the HTML the first screen's content ends: the end of the document's <head>, or of the
 * last thing painted in the first screen if later. A node is painted there when it paints and one
 * of its boxes meets the screen (`width` × `fold`); of it the browser needs all its markup, or of
 * an element that only draws its own box, its start tag. An element that draws nothing itself is
 * not counted, wherever it sits (an empty live region fixed to the bottom of the screen).
 * @param {SourceNode[]} nodes the page's nodes in document order (sourceNodes)
 * @param {NodeBox[]} boxes the same nodes as laid out, one for one
 * @param {{ width: number, fold: number }} screen
 * @returns {number} a position in the HTML (UTF-16 index), end exclusive
 */
export function firstScreenEnd(nodes, boxes, { width, fold }) {
  if (nodes.length !== boxes.length) throw new Error(`${nodes.length} nodes but ${boxes.length} boxes`);
  const head = nodes.find((node) => node.tag === 'head');
  let end = head ? head.end : 0;
  nodes.forEach((node, index) => {
    const box = /** @type {NodeBox} */ (boxes[index]);
    if (!box.paints || box.top >= fold || box.bottom < 0 || box.left >= width || box.right < 0) return;
    end = Math.max(end, box.paints === 'all' ? node.end : node.openEnd);
  });
  return end;
}

/**
 * The fewest bytes of a Brotli stream that decode to at least `length` bytes: what a browser,
 * which decodes as bytes arrive, must have received to hold the document up to there.
 * @param {Buffer} compressed the whole stream
 * @param {number} length bytes of the decoded document
 */
export function compressedBytesFor(compressed, length) {
  const decoded = (/** @type {number} */ bytes) =>
    bytes === 0
      ? 0
      : brotliDecompressSync(compressed.subarray(0, bytes), { finishFlush: constants.BROTLI_OPERATION_FLUSH }).length;
  let [low, high] = [0, compressed.length];
  if (decoded(high) < length) throw new Error(`the stream decodes to fewer than ${length} bytes`);
  // The decoded length only grows with the bytes received: the smallest prefix long enough.
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (decoded(middle) >= length) high = middle;
    else low = middle + 1;
  }
  return low;
}
