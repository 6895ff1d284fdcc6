/** @jest-environment node */
import { pageCount, pageItems, pageWindow, type PageSlot } from './pagination';

/** A window as text: '1 2 [3] … 9' style, with the current page in brackets. */
function show(slots: PageSlot[], current: number): string {
  return slots
    .map((slot) => (slot.kind === 'gap' ? '…' : slot.page === current ? `[${slot.page}]` : String(slot.page)))
    .join(' ');
}

describe('pageCount', () => {
  it('fills pages of 24 by default', () => {
    expect(pageCount(1)).toBe(1);
    expect(pageCount(24)).toBe(1);
    expect(pageCount(25)).toBe(2);
    expect(pageCount(120)).toBe(5);
    expect(pageCount(121)).toBe(6);
  });

  it('gives an empty list its one page', () => {
    expect(pageCount(0)).toBe(1);
  });

  it('takes another page size', () => {
    expect(pageCount(10, 3)).toBe(4);
  });
});

describe('pageItems', () => {
  const items = Array.from({ length: 50 }, (_, index) => index + 1);

  it('cuts the list into pages, the last one shorter', () => {
    expect(pageItems(items, 1)).toEqual(items.slice(0, 24));
    expect(pageItems(items, 2)[0]).toBe(25);
    expect(pageItems(items, 3)).toEqual([49, 50]);
  });

  it('is empty past the end', () => {
    expect(pageItems(items, 4)).toEqual([]);
  });
});

describe('pageWindow', () => {
  it('lists every page when they fit in seven slots', () => {
    expect(show(pageWindow(1, 1), 1)).toBe('[1]');
    expect(show(pageWindow(3, 5), 3)).toBe('1 2 [3] 4 5');
    expect(show(pageWindow(7, 7), 7)).toBe('1 2 3 4 5 6 [7]');
  });

  it('keeps the first and last page and the neighbours of the current one, with gaps between', () => {
    expect(show(pageWindow(1, 10), 1)).toBe('[1] 2 3 4 5 … 10');
    expect(show(pageWindow(4, 10), 4)).toBe('1 2 3 [4] 5 … 10');
    expect(show(pageWindow(5, 10), 5)).toBe('1 … 4 [5] 6 … 10');
    expect(show(pageWindow(6, 10), 6)).toBe('1 … 5 [6] 7 … 10');
    expect(show(pageWindow(7, 10), 7)).toBe('1 … 6 [7] 8 9 10');
    expect(show(pageWindow(10, 10), 10)).toBe('1 … 6 7 8 9 [10]');
  });

  it('always has the same number of slots, so the nav keeps its width', () => {
    for (const total of [8, 9, 20, 417]) {
      for (let current = 1; current <= total; current++) expect(pageWindow(current, total)).toHaveLength(7);
    }
  });

  it('shows the current page, the first and the last, in order, and a gap hides at least two pages', () => {
    for (const total of [1, 2, 6, 7, 8, 9, 15, 100]) {
      for (let current = 1; current <= total; current++) {
        const slots = pageWindow(current, total);
        const pages = slots.flatMap((slot) => (slot.kind === 'page' ? [slot.page] : []));
        expect(pages).toContain(current);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
        slots.forEach((slot, index) => {
          if (slot.kind !== 'gap') return;
          const before = slots[index - 1];
          const after = slots[index + 1];
          if (before?.kind !== 'page' || after?.kind !== 'page') throw new Error('a gap sits between two pages');
          expect(after.page - before.page).toBeGreaterThanOrEqual(3);
        });
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
      }
    }
  });

  it('widens with more siblings', () => {
    expect(show(pageWindow(10, 20, 2), 10)).toBe('1 … 8 9 [10] 11 12 … 20');
  });
});
