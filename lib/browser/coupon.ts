import 'client-only';
import { useSyncExternalStore } from 'react';
import {
  couponFromSearch,
  couponHash,
  couponStatus,
  findCoupon,
  localToday,
  type CouponRule,
  type CouponStatus,
} from '../coupons';
import { basePath } from '../routes';

/*
 * The visitor's coupon for this visit (sessionStorage): read from `?coupon=` / `?couponCode=` on
 * any page, matched against /coupons.json (fetched only when there is a code) by its hash. Until
 * hydration, and on the server, there is none: prices show in full, never a wrong one.
 */

/** The sessionStorage key of the code the visitor brought. */
export const COUPON_STORAGE_KEY = 'coupon';

/** A code and what it does: `pending` while the rules load. */
export type ActiveCoupon = { code: string; status: CouponStatus | 'pending'; rule?: CouponRule };

let current: ActiveCoupon | null = null;
let started = false;
const listeners = new Set<() => void>();

function set(next: ActiveCoupon | null) {
  current = next;
  for (const listener of listeners) listener();
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function storedCode(): string | null {
  try {
    const raw = storage()?.getItem(COUPON_STORAGE_KEY) ?? null;
    return raw === null ? null : couponFromSearch(`?coupon=${encodeURIComponent(raw)}`);
  } catch {
    return null;
  }
}

async function match(code: string): Promise<ActiveCoupon> {
  try {
    const response = await fetch(`${basePath}/coupons.json`, { signal: AbortSignal.timeout(15_000) });
    const rules = response.ok ? ((await response.json()) as CouponRule[]) : [];
    const rule = Array.isArray(rules) ? findCoupon(rules, await couponHash(code)) : undefined;
    return { code, status: couponStatus(rule, localToday(new Date())), rule };
  } catch {
    return { code, status: 'unknown' };
  }
}

/** Reads the address and storage once, after hydration; keeps a code brought in the address. */
function start() {
  if (started) return;
  started = true;
  const brought = couponFromSearch(window.location.search);
  if (brought) {
    try {
      storage()?.setItem(COUPON_STORAGE_KEY, brought);
    } catch {
      // Storage full or refused: the code holds for this page only.
    }
  }
  const code = brought ?? storedCode();
  if (!code) return;
  set({ code, status: 'pending' });
  void match(code).then((result) => {
    if (current?.code === code) set(result);
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  queueMicrotask(start);
  return () => listeners.delete(listener);
}

/** The coupon of this visit, or null: none, or before hydration. */
export function useCoupon(): ActiveCoupon | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Forgets the coupon: prices are whole again. */
export function removeCoupon() {
  try {
    storage()?.removeItem(COUPON_STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
  set(null);
}

/** The rule when the coupon applies at all (known, started, not expired), else undefined. */
export function appliedRule(coupon: ActiveCoupon | null): CouponRule | undefined {
  return coupon?.status === 'applies' ? coupon.rule : undefined;
}
