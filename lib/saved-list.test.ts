import { cartRules, wishlistRules } from './saved-list-rules';
import { cartCodec } from './cart';
import { parseSavedList, readSavedList, SAVED_LIST_CAP, type SavedListCodec } from './saved-list';
import { wishlistCodec } from './browser/wishlist';

/*
 * The first-paint script counts with readSavedList; the stores with parseSavedList. A visitor must
 * see the same number from both, whatever storage holds.
 */
const item = (id: string) => ({
  courseID: id,
  image: `/images/${id}.svg`,
  course_name: `Course ${id}`,
  creator: 'Someone',
  discounted_price: 9.99,
  category: 'python',
});

/** A deterministic spread of what storage may hold: good entries, junk, duplicates, floods. */
function samples(): (string | null)[] {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const values: unknown[] = [
    null,
    42,
    'x',
    {},
    [],
    '[1,2',
    'BAD ID',
    { courseID: 'ok-1' },
    item('ok-2'),
    { courseID: 7 },
  ];
  const lists: (string | null)[] = [null, '', 'not json', '{"cart": [oops', '{}', '[]', 'null'];
  for (let sample = 0; sample < 300; sample++) {
    const length = Math.floor(random() * (random() < 0.1 ? 400 : 20));
    const list = Array.from({ length }, () => {
      const pick = random();
      const id = `c-${Math.floor(random() * (length + 3))}`;
      if (pick < 0.35) return item(id);
      if (pick < 0.6) return { courseID: id };
      if (pick < 0.8) return id;
      return values[Math.floor(random() * values.length)];
    });
    lists.push(JSON.stringify(list));
  }
  return lists;
}

describe('readSavedList', () => {
  it.each([
    ['cart', cartRules, cartCodec as SavedListCodec<unknown>],
    ['wishlist', wishlistRules, wishlistCodec as SavedListCodec<unknown>],
  ] as const)(
    'counts the %s as parseSavedList does with nothing checked, for any value storage holds',
    (_, rules, codec) => {
      for (const raw of samples()) {
        const parsed = parseSavedList(raw, new Map(), codec);
        const read = readSavedList(raw, rules as never);
        expect([raw, read.count]).toEqual([raw, parsed.count]);
        expect([raw, read.ids.length > 0]).toEqual([raw, parsed.ids.length > 0]);
        if (rules === wishlistRules) expect([raw, read.ids]).toEqual([raw, parsed.ids]);
      }
    },
  );

  it('stops at the cap: 120 saved ids read as the first 100, counted 100', () => {
    const ids = Array.from({ length: SAVED_LIST_CAP + 20 }, (_, n) => `course-${n}`);
    const read = readSavedList(JSON.stringify(ids), wishlistRules);
    expect(read.count).toBe(SAVED_LIST_CAP);
    expect(read.ids).toEqual(ids.slice(0, SAVED_LIST_CAP));
  });
});
