import { groupIntoShards } from '@/lib/cart-shard';
import { getCartIndex } from '@/test/helpers/cart-index';
import type { CartItem } from '@/lib/types';

/**
 * For tests: answers the cart's requests for its shards, /cart-items/{shard}.json, from the
 * catalogue, as the exported site does (the shard's `{ [courseId]: CartItem }`, 404 for a shard
 * none of its courses hash to), or fails them all while `offline` is set. Each store a test
 * creates has its own look-up (createCartItemLookUp), which has fetched no shard yet.
 */
export function serveCartItems(index: Record<string, CartItem> = getCartIndex()) {
  const shards = groupIntoShards(Object.entries(index));
  const state = { offline: false };
  const fetchMock = jest.fn(async (url: string) => {
    if (state.offline) throw new TypeError('Failed to fetch');
    const shard = /\/cart-items\/([0-9a-f]{2})\.json$/.exec(url)?.[1];
    const records = shard === undefined ? undefined : shards.get(shard);
    return { status: records ? 200 : 404, ok: records !== undefined, url, json: async () => records };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return { fetchMock, state };
}
