/**
 * How many files the cart's records are spread over: `/cart-items/00.json` … `/cart-items/ff.json`.
 *
 * A file per course would cost the host one file per course; 256 shards cost at most 256 files
 * whatever the catalogue's size, each still small at 10,000 courses (docs/performance.md,
 * 'Figures behind the code'), and a cart of a few courses fetches only a few of them.
 */
export const CART_SHARDS = 256;

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * The shard whose file holds this course's cart record: two lowercase hex digits, '00' to 'ff'.
 *
 * FNV-1a (32-bit) over the id's UTF-16 code units (`charCodeAt`), modulo CART_SHARDS. A
 * catalogue's ids are lowercase ASCII (lib/schema.ts), for which these are the UTF-8 bytes too.
 * The build (app/cart-items/[file]/route.ts), the browser (lib/browser/cart-storage.ts) and the service
 * worker (sw/sw.ts) must all use this one function: a course hashed differently in one of them
 * would be looked for in the wrong file, and read as missing from the catalogue.
 */
export function cartShardOf(courseId: string): string {
  let hash = FNV_OFFSET_BASIS;
  for (let index = 0; index < courseId.length; index += 1) {
    hash ^= courseId.charCodeAt(index);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return ((hash >>> 0) % CART_SHARDS).toString(16).padStart(2, '0');
}

/**
 * Records by course id, grouped into the shards their ids hash to, in shard order; each shard's
 * records in the order given. Only shards that hold a record are in it.
 */
export function groupIntoShards<T>(records: Iterable<readonly [string, T]>): Map<string, Record<string, T>> {
  const grouped = new Map<string, [string, T][]>();
  for (const [id, record] of records) {
    const shard = cartShardOf(id);
    grouped.set(shard, [...(grouped.get(shard) ?? []), [id, record]]);
  }
  // Object.fromEntries makes every id an own property, whatever it is.
  return new Map([...grouped.keys()].sort().map((shard) => [shard, Object.fromEntries(grouped.get(shard)!)]));
}
