import type { CartItem } from './types';

/**
 * A list of courses a visitor keeps in localStorage (the cart, the wishlist), read without
 * trusting it. Pure: lib/browser/saved-list-store.ts wires it to storage and to the catalogue.
 */

/**
 * The most courses a saved list holds. A visitor never collects more; anything past it in
 * storage was put there by something else, and reading or checking it would let storage,
 * not the visitor, decide how much work a page does.
 */
export const SAVED_LIST_CAP = 100;

/** The schema's URL-safe id rule: anything else cannot be a course and is never looked up. */
const COURSE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `id` has the form of a course id (it may still be missing from the catalogue). */
export function isCourseId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= 100 && COURSE_ID.test(id);
}

/**
 * What the catalogue said about each course id checked so far: its cart item, or `null`
 * when it has no such course. An id that is absent has not been checked (yet).
 */
export type CatalogueLookup = ReadonlyMap<string, CartItem | null>;

/**
 * How a list's saved value is read without the catalogue: its storage key, which entries name a
 * course, and which of those the badge counts. The first-paint script (lib/browser/first-paint.ts)
 * counts with these alone, so it carries none of the rest of the codec.
 */
export type SavedListRules<Entry> = {
  key: string;
  /** The course id a saved entry names, or undefined when it names none. */
  idOf: (entry: unknown) => string | undefined;
  /**
   * Whether an entry not checked in this visit still counts for the navbar's badge, which
   * checks nothing: the cart counts what it saved after a check, the wishlist every id.
   */
  counts: (entry: Entry, id: string) => boolean;
};

/** How one list is saved: its rules, and the form of its entries. */
export type SavedListCodec<Entry> = SavedListRules<Entry> & {
  /** The entry saved for a course the catalogue confirmed. */
  entryOf: (item: CartItem) => Entry;
  /** The entry saved for a course not checked yet (added offline). */
  entryOfId: (id: string) => Entry;
  /** The saved form of the list. */
  serialize: (entries: readonly Entry[]) => string;
};

export type ParsedList<Entry> = {
  /** The entries the catalogue confirmed, each with the catalogue's fields. */
  items: CartItem[];
  /** Ids not confirmed yet: kept in `entries`, not in `items`. */
  unchecked: string[];
  /** What to keep saved: confirmed items, unchecked entries as they were; unknown ids are gone. */
  entries: Entry[];
  /** The ids of `entries`, in order. */
  ids: string[];
  /** How many of `entries` the badge counts without checking anything. */
  count: number;
  /** Ids dropped because the catalogue has no such course. */
  missing: number;
  /** Distinct course ids past the cap, dropped unread. */
  overflow: number;
  /** False when `raw` differs from `serialize(entries)` and should be written back. */
  clean: boolean;
};

const emptyList = { items: [], unchecked: [], entries: [], ids: [], count: 0, missing: 0, overflow: 0 };

/**
 * Reads a saved list without trusting it. Invalid JSON, a non-list, entries that name no
 * course id and duplicates are dropped; of the rest, the first `cap` are read, preferring
 * entries the badge counts (what this site saved after a check), so that real courses
 * survive however much junk surrounds them. Every field but the id comes from `known`, so a
 * price edited in storage never reaches the page; an id `known` has not checked yet is kept,
 * unshown, so that nothing is lost while the catalogue cannot be reached. `null` (nothing
 * saved) is an empty, clean list.
 */
export function parseSavedList<Entry>(
  raw: string | null,
  known: CatalogueLookup,
  codec: SavedListCodec<Entry>,
  cap = SAVED_LIST_CAP,
): ParsedList<Entry> {
  if (raw === null) return { ...emptyList, clean: true };
  const reading = readEntriesOnce(raw, codec, cap);
  if (!reading) return { ...emptyList, clean: false };
  const { read } = reading;

  const parsed: ParsedList<Entry> = { ...emptyList, items: [], unchecked: [], entries: [], ids: [], clean: false };
  parsed.overflow = reading.overflow;
  for (const { entry, id } of read) {
    const item = known.get(id);
    if (item === null) {
      parsed.missing += 1;
    } else if (item === undefined) {
      parsed.unchecked.push(id);
      parsed.entries.push(entry);
      parsed.ids.push(id);
      if (codec.counts(entry, id)) parsed.count += 1;
    } else {
      parsed.items.push(item);
      parsed.entries.push(codec.entryOf(item));
      parsed.ids.push(id);
      parsed.count += 1;
    }
  }
  parsed.clean = raw === codec.serialize(parsed.entries);
  return parsed;
}

/**
 * What the badge counts of a saved list before anything is checked, and the ids it names (the
 * first `cap` distinct ones): `parseSavedList` with nothing known gives the same count, and for a
 * list whose every entry counts (the wishlist) the same ids. A reading of its own, with no
 * entries kept, because the first-paint script carries it in every page's HTML
 * (lib/saved-list.test.ts holds the two to the same answers).
 */
export function readSavedList<Entry>(
  raw: string | null,
  rules: SavedListRules<Entry>,
  cap = SAVED_LIST_CAP,
): { ids: string[]; count: number } {
  let value: unknown;
  try {
    value = JSON.parse(raw!);
  } catch {
    // Not JSON: an empty list, as parseSavedList reads it.
  }
  const ids = new Set<string>();
  let count = 0;
  for (const entry of Array.isArray(value) ? value : []) {
    const id = rules.idOf(entry);
    if (id === undefined || ids.has(id)) continue;
    ids.add(id);
    if (rules.counts(entry as Entry, id)) count += 1;
  }
  // parseSavedList reads the first `cap` entries the badge counts before any other.
  return { ids: [...ids].slice(0, cap), count: Math.min(count, cap) };
}

type Reading<Entry = unknown> = { read: { entry: Entry; id: string }[]; overflow: number };

/**
 * The last value read and what it read as. A list's page reads the same saved value again after
 * every look-up; parsing a flooded value (10,000 entries) each time cost more than the look-ups.
 */
let lastReading: { raw: string; codec: unknown; cap: number; reading: Reading | null } | undefined;

/** `readEntries`, remembering the last value read. */
function readEntriesOnce<Entry>(raw: string, codec: SavedListRules<Entry>, cap: number): Reading<Entry> | null {
  if (lastReading?.raw === raw && lastReading.codec === codec && lastReading.cap === cap)
    return lastReading.reading as Reading<Entry> | null;
  const reading = readEntries(raw, codec, cap);
  lastReading = { raw, codec, cap, reading };
  return reading;
}

/** The entries of `raw` that name a course, distinct, the first `cap` of them; null when `raw` is no list. */
function readEntries<Entry>(raw: string, codec: SavedListRules<Entry>, cap: number): Reading<Entry> | null {
  let reading: Reading<Entry> | null = null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  if (Array.isArray(value)) {
    const distinct: { entry: Entry; id: string }[] = [];
    const seen = new Set<string>();
    for (const entry of value) {
      const id = codec.idOf(entry);
      if (id === undefined || seen.has(id)) continue;
      seen.add(id);
      distinct.push({ entry: entry as Entry, id });
    }
    const read = distinct.length <= cap ? distinct : firstPreferred(distinct, cap, codec);
    reading = { read, overflow: distinct.length - read.length };
  }
  return reading;
}

/** The first `cap` entries, those the badge counts before the rest, in their saved order. */
function firstPreferred<Entry>(
  distinct: readonly { entry: Entry; id: string }[],
  cap: number,
  codec: SavedListRules<Entry>,
): { entry: Entry; id: string }[] {
  const preferred = distinct.filter(({ entry, id }) => codec.counts(entry, id)).slice(0, cap);
  const kept = new Set(preferred);
  for (const candidate of distinct) {
    if (kept.size >= cap) break;
    kept.add(candidate);
  }
  return distinct.filter((candidate) => kept.has(candidate));
}

/**
 * The entries to save after the confirmed part of the list became `items`: confirmed entries
 * missing from `items` are gone, unchecked ones stay where they were, new items go last.
 */
export function mergeSavedEntries<Entry>(
  entries: readonly Entry[],
  known: CatalogueLookup,
  items: readonly CartItem[],
  codec: SavedListCodec<Entry>,
): Entry[] {
  const kept = new Set(items.map((item) => item.courseID));
  const merged = entries.filter((entry) => {
    const id = codec.idOf(entry);
    return id !== undefined && (!known.get(id) || kept.has(id));
  });
  const present = new Set(merged.map((entry) => codec.idOf(entry)));
  return [...merged, ...items.filter((item) => !present.has(item.courseID)).map(codec.entryOf)];
}
