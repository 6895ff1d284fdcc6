/** @jest-environment node */
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { compressedBytesFor, firstScreenEnd, sourceNodes, type NodeBox } from './first-screen.mjs';

// The build's module as Jest loads it, from its sources: the compiled one imports packages Jest cannot.
jest.mock('../build.mjs', () => ({ requireBuild: () => jest.requireActual('../../build/html') }));

const SCREEN = { width: 412, fold: 823 };
const html =
  '<!DOCTYPE html><html><head><style>p{}</style></head><body>' +
  '<header class="bar"><a href="/">Coursely</a></header>' +
  '<main><h1>Title</h1><p>Above</p><div class="empty"></div><p>Below <b>bold</b></p></main>' +
  '<template><p>never laid out</p></template><div class="prompt"></div></body></html>';
const nodes = sourceNodes(html);
const at = (tag: string, nth = 0) => nodes.filter((node) => node.tag === tag)[nth]!;
const textOf = (text: string) => nodes.find((node) => node.text === text)!;
/** Boxes for every node: none painted unless given. */
const laidOut = (painted: Map<object, NodeBox>) =>
  nodes.map((node) => painted.get(node) ?? { paints: null, top: 0, bottom: 0, left: 0, right: 0 });
const box = (paints: NodeBox['paints'], top: number, bottom: number, left = 0, right = 400): NodeBox => ({
  paints,
  top,
  bottom,
  left,
  right,
});

describe('sourceNodes', () => {
  it("lists a browser's elements and text nodes in document order, with their source ranges", () => {
    expect(nodes.map((node) => node.tag ?? `#${node.text}`)).toEqual([
      'html',
      'head',
      'style',
      '#p{}',
      'body',
      'header',
      'a',
      '#Coursely',
      'main',
      'h1',
      '#Title',
      'p',
      '#Above',
      'div',
      'p',
      '#Below ',
      'b',
      '#bold',
      'template',
      'div',
    ]);
    const link = at('a');
    expect(html.slice(link.start, link.openEnd)).toBe('<a href="/">');
    expect(html.slice(link.start, link.end)).toBe('<a href="/">Coursely</a>');
    expect(html.slice(textOf('Above').start, textOf('Above').end)).toBe('Above');
  });
});

describe('firstScreenEnd', () => {
  it('is the end of the <head> when nothing is painted', () => {
    expect(firstScreenEnd(nodes, laidOut(new Map()), SCREEN)).toBe(html.indexOf('<body>'));
  });

  it('ends after the last text painted in the first screen, not at what lies below the fold', () => {
    const painted = new Map<object, NodeBox>([
      [textOf('Title'), box('all', 60, 100)],
      [textOf('Above'), box('all', 700, 720)],
      [textOf('Below '), box('all', 900, 920)],
    ]);
    expect(html.slice(0, firstScreenEnd(nodes, laidOut(painted), SCREEN))).toMatch(/<p>Above$/);
  });

  it('needs only the start tag of an element that draws its own box across the fold', () => {
    const painted = new Map<object, NodeBox>([
      [textOf('Title'), box('all', 60, 100)],
      [at('p', 1), box('box', 800, 900)],
    ]);
    expect(html.slice(0, firstScreenEnd(nodes, laidOut(painted), SCREEN))).toMatch(/<div class="empty"><\/div><p>$/);
  });

  it('counts nothing that is not in the screen: past the fold, beside it, or above the page', () => {
    const painted = new Map<object, NodeBox>([
      [textOf('Title'), box('all', 60, 100)],
      [textOf('bold'), box('all', 823, 840)],
      [at('div', 1), box('box', 0, 800, 412, 712)],
      [textOf('Below '), box('all', -200, -1)],
    ]);
    expect(html.slice(0, firstScreenEnd(nodes, laidOut(painted), SCREEN))).toMatch(/<h1>Title$/);
  });

  it('counts an element late in the document that paints in the first screen (a bar fixed to it)', () => {
    const painted = new Map<object, NodeBox>([[at('div', 1), box('box', 791, 823)]]);
    expect(html.slice(0, firstScreenEnd(nodes, laidOut(painted), SCREEN))).toMatch(/<div class="prompt">$/);
  });

  it('refuses boxes that are not one for one with the nodes', () => {
    expect(() => firstScreenEnd(nodes, [], SCREEN)).toThrow(/nodes but 0 boxes/);
  });
});

describe('compressedBytesFor', () => {
  const page = Buffer.from(
    Array.from({ length: 4000 }, (_, index) => `<li class="c${index % 41}">${(index * 7919) % 1000}</li>`).join(''),
  );
  const stream = brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

  it('is the whole stream for the whole document, and nothing for nothing', () => {
    expect(compressedBytesFor(stream, page.length)).toBeLessThanOrEqual(stream.length);
    expect(compressedBytesFor(stream, page.length)).toBeGreaterThan(stream.length - 8);
    expect(compressedBytesFor(stream, 0)).toBe(0);
  });

  it('is the fewest bytes of the stream that decode that far', () => {
    const length = Math.floor(page.length / 3);
    const bytes = compressedBytesFor(stream, length);
    const decode = (received: number) =>
      brotliDecompressSync(stream.subarray(0, received), { finishFlush: constants.BROTLI_OPERATION_FLUSH });
    expect(decode(bytes).length).toBeGreaterThanOrEqual(length);
    expect(decode(bytes - 1).length).toBeLessThan(length);
    expect(decode(bytes).subarray(0, length).equals(page.subarray(0, length))).toBe(true);
    // A third of the document needs about a third of the stream, not all of it.
    expect(bytes).toBeGreaterThan(stream.length / 5);
    expect(bytes).toBeLessThan(stream.length / 2);
  });

  it('refuses a length the stream does not reach', () => {
    expect(() => compressedBytesFor(stream, page.length + 1)).toThrow(/fewer than/);
  });
});
