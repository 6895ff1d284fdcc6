import 'client-only';

import { paddleEnvironment } from '@/config/checkout.mjs';
import { LOCAL_PRICE_TIMEOUT_MS, localPricesFrom, previewRequest, type LocalPrices } from '../local-prices';
import { checkoutConfig, loadPaddle, providerIdOf, type PaddleInstance } from './checkout';

/*
 * The buyer's local price in the browser (PADDLE_LOCAL_PRICES): loaded by lib/browser/use-local-prices.ts
 * once the page is idle, never in a build without the setting. It loads Paddle.js as the handoff
 * does (one instance per page) and asks Paddle.PricePreview for the courses' price ids. Any
 * failure, or no answer in time, is null: the page keeps the shop's own price and says nothing.
 */

/** The ways in, replaceable in tests. */
export type LocalPriceDeps = {
  priceIdOf: (courseId: string) => Promise<string | undefined>;
  paddle: () => Promise<Pick<PaddleInstance, 'PricePreview'>>;
  timeoutMs: number;
};

function defaultDeps(): LocalPriceDeps | null {
  const config = checkoutConfig();
  if (config?.provider !== 'paddle') return null;
  return {
    priceIdOf: providerIdOf,
    paddle: () => loadPaddle(config.token, paddleEnvironment(config.token)),
    timeoutMs: LOCAL_PRICE_TIMEOUT_MS,
  };
}

/** Resolves to `work`'s answer, or to null after `ms` (a late answer is then ignored), or on any error. */
export function answerWithin<T>(work: () => Promise<T | null>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    work().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

/** The local prices of `courseIds` with the discount `discountId` (Paddle's id of the visit's code), or null. */
export async function previewLocalPrices(
  courseIds: readonly string[],
  discountId: string | undefined,
  deps: LocalPriceDeps | null = defaultDeps(),
): Promise<LocalPrices | null> {
  if (!deps || courseIds.length === 0) return null;
  return answerWithin(async () => {
    const ids = await Promise.all(
      courseIds.map(async (courseId) => [courseId, await deps.priceIdOf(courseId)] as const),
    );
    const priceIds = ids.flatMap(([, priceId]) => (priceId === undefined ? [] : [priceId]));
    if (priceIds.length === 0) return null;
    const instance = await deps.paddle();
    return localPricesFrom(await instance.PricePreview(previewRequest(priceIds, discountId)), ids);
  }, deps.timeoutMs);
}

/** One preview per list and discount on a page: the course page's and the cart's components share it. */
const asked = new Map<string, Promise<LocalPrices | null>>();

export function localPrices(courseIds: readonly string[], discountId: string | undefined): Promise<LocalPrices | null> {
  const key = JSON.stringify([courseIds, discountId ?? null]);
  let answer = asked.get(key);
  if (!answer) {
    answer = previewLocalPrices(courseIds, discountId);
    asked.set(key, answer);
  }
  return answer;
}
