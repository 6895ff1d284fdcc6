import { getCartIndex } from '@/lib/catalogue';
import type { CartItem } from '@/lib/types';

/**
 * For tests: answers the cart's requests for /cart-items/{id}.json from the catalogue, as the
 * exported site does (404 for an id it lacks), or fails them all while `offline` is set.
 */
export function serveCartItems(index: Record<string, CartItem> = getCartIndex()) {
  const state = { offline: false };
  const fetchMock = jest.fn(async (url: string) => {
    if (state.offline) throw new TypeError('Failed to fetch');
    const id = decodeURIComponent(/\/cart-items\/([^/]+)\.json$/.exec(url)?.[1] ?? '');
    const item = Object.hasOwn(index, id) ? index[id] : undefined;
    return { status: item ? 200 : 404, ok: item !== undefined, url, json: async () => item };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return { fetchMock, state };
}
