import 'client-only';
import { useEffect, useState } from 'react';
import { previewDiscount, type LocalPrices } from '../local-prices';
import { useCoupon } from './coupon';

/*
 * The buyer's local price for the course page and the cart (README, 'Selling'). Folded at compile
 * time (__PADDLE_LOCAL_PRICES__, next.config.mjs): without the setting the hook is one that returns
 * null, and the preview's module, its import and Paddle.js are dead code, dropped.
 */

/** After the load event and then the browser's next idle moment: never before the first paint. */
function afterIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2_000 });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/*
 * The import sits in the folded condition itself: a bundler keeps the chunk of any import() it
 * finds in a live module, even in a function nothing calls.
 */
const loadPreview = __PADDLE_LOCAL_PRICES__ ? () => import('./local-prices') : null;

function useBuyerLocalPrices(courseIds: readonly string[]): LocalPrices | null {
  const asked = previewDiscount(useCoupon());
  const waiting = !asked.ask;
  const discountId = asked.ask ? asked.discountId : undefined;
  const key = JSON.stringify([courseIds, discountId ?? null]);
  const [shown, setShown] = useState<{ key: string; prices: LocalPrices | null } | null>(null);

  useEffect(() => {
    if (waiting || !loadPreview) return;
    const ids = (JSON.parse(key) as [string[], string | null])[0];
    if (ids.length === 0) return;
    let live = true;
    void afterIdle()
      .then(loadPreview)
      .then(({ localPrices }) => localPrices(ids, discountId))
      .then(
        (prices) => {
          if (live) setShown({ key, prices });
        },
        // The module itself could not load (offline on a first visit): the shop's price stays.
        () => {},
      );
    return () => {
      live = false;
    };
  }, [key, discountId, waiting]);

  return shown?.key === key ? shown.prices : null;
}

function useNoLocalPrices(): LocalPrices | null {
  return null;
}

/** The buyer's local prices of `courseIds` once Paddle has answered; null before, on failure, or in a build without them. */
export const useLocalPrices: (courseIds: readonly string[]) => LocalPrices | null = __PADDLE_LOCAL_PRICES__
  ? useBuyerLocalPrices
  : useNoLocalPrices;
