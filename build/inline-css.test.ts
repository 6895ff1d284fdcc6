import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fieldName, inlineCss, pageRules, selectorNames } from './inline-css';
import { scriptWords } from './next-output';

const SHEET =
  '@layer base{*,:before{box-sizing:border-box}button{cursor:pointer}:focus-visible{outline-width:3px}' +
  '.unused-thing :focus-visible{outline-width:1px}}' +
  '@layer utilities{.px-2{padding-inline:.5rem}.hidden{display:none}.flex{display:flex}' +
  '.cart-row{gap:1rem}.sm\\:grid{display:grid}@media (min-width:40rem){.md\\:px-4{padding-inline:1rem}}' +
  '.wish[aria-pressed=true]:before{color:red}.sidebar[open]{opacity:1}.unused-thing{color:blue}' +
  '.group:hover .group-hover\\:underline{text-decoration:underline}}' +
  '@keyframes spin{to{rotate:1turn}}.animate-spin{animation:spin 1s}';

describe('selectorNames', () => {
  it("lists the classes (unescaped), elements and attributes the sheet's selectors test", () => {
    const { names, attributes } = selectorNames(SHEET);
    expect([...names]).toEqual(
      expect.arrayContaining(['px-2', 'sm:grid', 'md:px-4', 'wish', 'sidebar', 'button', 'group-hover:underline']),
    );
    expect(names.has('pointer')).toBe(false); // a value, not a selector
    expect(attributes).toEqual(['aria-pressed', 'open']);
  });
});

describe('pageRules', () => {
  const { attributes } = selectorNames(SHEET);

  it('keeps the rules of the names a page has, in the sheet’s order, and drops the others', async () => {
    const css = await pageRules(SHEET, ['flex', 'px-2', 'md:px-4', 'button'], attributes);
    expect(css).toContain('.px-2{');
    expect(css).toContain('.md\\:px-4{');
    expect(css).toContain('button{cursor:pointer}');
    expect(css).toContain(':focus-visible{outline-width:3px}'); // the focus ring of every control
    expect(css).not.toContain('.unused-thing :focus-visible');
    expect(css.indexOf('.px-2')).toBeLessThan(css.indexOf('.md\\:px-4'));
    for (const gone of ['.hidden', '.cart-row', '.sm\\:grid', '.unused-thing', '.animate-spin', '@keyframes'])
      expect(css).not.toContain(gone);
  });

  it('keeps a rule about an attribute a script sets, whatever the markup says (a pressed heart, an open menu)', async () => {
    const css = await pageRules(SHEET, ['wish', 'sidebar'], attributes);
    expect(css).toContain('.wish[aria-pressed=true]:before');
    expect(css).toContain('.sidebar[open]');
  });

  it('drops the custom properties no kept rule reads, and keeps those one does', async () => {
    const sheet =
      '@layer properties{*,:before{--tw-rotate-x:initial;--tw-gradient-from:#0000;--tw-font-weight:initial}}' +
      '@layer theme{:root{--color-brand:#5624d0;--color-unused:#000}}' +
      '.text-brand{color:var(--color-brand)}.font-bold{--tw-font-weight:700;font-weight:700}' +
      '.from-ink{--tw-gradient-from:#1c1d1f}.bg-gradient{background-image:linear-gradient(var(--tw-gradient-from),#fff)}';
    const names = selectorNames(sheet);
    const css = await pageRules(sheet, ['text-brand', 'font-bold'], names.attributes);
    expect(css).toContain('--color-brand:#5624d0');
    expect(css).toContain('font-weight:700');
    for (const gone of ['--color-unused', '--tw-rotate-x', '--tw-font-weight', '--tw-gradient-from'])
      expect(css).not.toContain(gone);
    const withGradient = await pageRules(sheet, ['from-ink', 'bg-gradient'], names.attributes);
    expect(withGradient).toContain('--tw-gradient-from:#1c1d1f');
    expect(withGradient).toContain('--tw-gradient-from:#0000'); // its default, read by .bg-gradient
  });

  it("keeps a form field's pseudo-elements only for a page that has such a field", async () => {
    const sheet =
      '::-webkit-datetime-edit{display:inline-flex}::-webkit-datetime-edit-year-field{padding-block:0}' +
      '::-webkit-inner-spin-button{height:auto}::-webkit-search-decoration{-webkit-appearance:none}' +
      '::file-selector-button{margin-inline-end:4px}::placeholder{opacity:1}:focus-visible{outline-width:3px}';
    const plain = await pageRules(sheet, ['input', fieldName('text')], []);
    expect(plain).toContain('::placeholder{opacity:1}');
    expect(plain).toContain(':focus-visible{outline-width:3px}');
    for (const gone of ['datetime-edit', 'spin-button', 'search-decoration', 'file-selector'])
      expect(plain).not.toContain(gone);
    const withDate = await pageRules(sheet, ['input', fieldName('DATE'), fieldName('search')], []);
    expect(withDate).toContain('::-webkit-datetime-edit{');
    expect(withDate).toContain('::-webkit-datetime-edit-year-field{');
    expect(withDate).toContain('::-webkit-search-decoration{');
    expect(withDate).not.toContain('spin-button');
  });

  it('keeps the keyframes of an animation the page uses', async () => {
    const css = await pageRules(SHEET, ['animate-spin'], attributes);
    expect(css).toContain('@keyframes spin');
  });
});

describe('inlineCss', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'inline-css-'));
  mkdirSync(path.join(outDir, '_next/static/chunks'), { recursive: true });
  writeFileSync(path.join(outDir, '_next/static/chunks/a.css'), SHEET);
  const sheets = ['_next/static/chunks/a.css'];

  it("gives a page the rules of its markup's names and of its scripts' words", async () => {
    const css = await inlineCss({ outDir })(sheets, [
      'div',
      'flex',
      ...scriptWords('e.className="cart-row px-2";x=`sm:grid ${y}`;'),
    ]);
    expect(css).toContain('.cart-row{');
    expect(css).toContain('.px-2{');
    expect(css).toContain('.sm\\:grid{');
    expect(css).not.toContain('.hidden{');
  });

  it('gives a page every rule of a class name its script composes from a literal start, variants aside', async () => {
    const sheet = path.join(outDir, '_next/static/chunks/b.css');
    writeFileSync(sheet, '.btn-md{a:1}.btn-lg{a:2}.btn{a:3}.aria-selected\\:btn-lg[aria-selected=true]{a:4}.card{a:5}');
    const words = [...scriptWords('c=`btn btn-${s}`;d="aria-"+n;e="card-"+x')];
    const css = await inlineCss({ outDir })(['_next/static/chunks/b.css'], words);
    expect(css).toContain('.btn-md{');
    expect(css).toContain('.btn-lg{');
    expect(css).toContain('.btn{');
    expect(css).not.toContain('aria-selected');
    expect(css).not.toContain('.card{');
  });

  it('prunes each distinct set of names once: words the sheet does not know make no difference', async () => {
    const prune = jest.fn(pageRules);
    const forPages = inlineCss({ outDir, prune });
    const first = await forPages(sheets, ['flex', 'px-2', 'a', 'word', 'of', 'a', 'course', 'description']);
    const second = await forPages(sheets, ['px-2', 'flex', 'another', 'word']);
    expect(second).toBe(first);
    expect(prune).toHaveBeenCalledTimes(1);
    await forPages(sheets, ['flex']);
    expect(prune).toHaveBeenCalledTimes(2);
  });
});

describe('scriptWords', () => {
  it("splits a script's string literals into words, a word of a longer literal marked a class", () => {
    expect([...scriptWords(`a("btn btn-primary");b='x y';c=\`z\`;d=1`)]).toEqual([
      '.btn',
      '.btn-primary',
      '.x',
      '.y',
      'z',
    ]);
  });
});

describe("a script's words and element rules", () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'inline-css-tags-'));
  mkdirSync(path.join(outDir, '_next/static/chunks'), { recursive: true });
  writeFileSync(path.join(outDir, '_next/static/chunks/t.css'), 'code{font-size:1em}small{font-size:80%}.code{a:1}');
  const sheets = ['_next/static/chunks/t.css'];

  it("keeps an element's rules for a literal that is its name, as React names an element", async () => {
    const css = await inlineCss({ outDir })(sheets, [...scriptWords('jsx("code",{children:x})')]);
    expect(css).toContain('code{');
    expect(css).toContain('.code{');
  });

  it("keeps no element's rules for a word of prose or of a class list: a class of that name only", async () => {
    const css = await inlineCss({ outDir })(sheets, [...scriptWords('throw new RangeError("Invalid status code")')]);
    expect(css).toBe('.code{a:1}');
    expect(await inlineCss({ outDir })(sheets, [...scriptWords('e.className="small card"')])).not.toContain('small{');
  });
});
