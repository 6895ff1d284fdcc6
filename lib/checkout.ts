import { isCourseId } from './saved-list';
import { cartRules } from './saved-list-rules';
import { paddleEnvironment } from '@/config/checkout.mjs';

/*
 * The handoff to a checkout the shop runs elsewhere (README, 'Selling'), as pure functions: what
 * each provider is given for a list of courses, and the record the cart keeps of what it handed
 * off, for /checkout/complete/ to take out of the cart. The browser sends course ids, or the
 * provider's own ids for them, never a price: the provider decides what is charged.
 */

/** The providers a build can sell with (config/env.mjs, CHECKOUT_PROVIDER other than none). */
export type CheckoutProvider = 'paddle' | 'shopify' | 'form';

/** What the browser knows of the checkout, fixed at build time (next.config.mjs). */
export type CheckoutConfig =
  | { provider: 'paddle'; token: string }
  | { provider: 'shopify'; domain: string }
  | { provider: 'form'; action: string };

/** The page a checkout returns a buyer to, under the site's base path. */
export const checkoutCompleteHref = '/checkout/complete/';

/** A course to hand off: its id and, for providers that need one, its id at the provider. */
export type HandoffCourse = { courseId: string; providerId?: string };

/** What the browser does to hand a list of courses off. */
export type Handoff =
  | {
      kind: 'paddle';
      token: string;
      environment: 'sandbox' | 'production';
      items: { priceId: string; quantity: 1 }[];
      successUrl: string;
      /** A coupon code for Paddle's own discount of that code (Checkout.open's `discountCode`). */
      discountCode?: string;
    }
  | { kind: 'navigate'; url: string }
  | { kind: 'form'; action: string; fields: [name: string, value: string][] };

/** Thrown when a course cannot be handed off: a catalogue without its provider id, say. */
export class HandoffError extends Error {
  override name = 'HandoffError';
}

/**
 * A Shopify cart permalink: `https://{domain}/cart/{variant}:1,{variant}:1`, in the order given,
 * with `?discount=CODE` when a coupon comes along (Shopify checks it).
 */
export function shopifyCartUrl(domain: string, variantIds: readonly string[], coupon?: string): string {
  const cart = `https://${domain}/cart/${variantIds.map((id) => `${encodeURIComponent(id)}:1`).join(',')}`;
  return coupon ? `${cart}?discount=${encodeURIComponent(coupon)}` : cart;
}

/**
 * The courses to hand off: well-formed ids only, each once, in the order given. The cart hands
 * off only what the catalogue confirmed; this keeps a stray id out even so.
 */
export function handoffCourses(courses: readonly HandoffCourse[]): HandoffCourse[] {
  const seen = new Set<string>();
  return courses.filter(({ courseId }) => {
    if (!isCourseId(courseId) || seen.has(courseId)) return false;
    seen.add(courseId);
    return true;
  });
}

/**
 * What to do to hand `courses` off with `config`. `completeUrl` is the absolute URL of
 * /checkout/complete/ (with the base path). `coupon`, a code the visitor brought, goes along as
 * the code only (never an amount): the provider decides what it is worth. Throws a HandoffError
 * for an empty list or a course without the provider's id.
 */
export function buildHandoff(
  config: CheckoutConfig,
  courses: readonly HandoffCourse[],
  completeUrl: string,
  coupon?: string,
): Handoff {
  const list = handoffCourses(courses);
  if (list.length === 0) throw new HandoffError('There is nothing to check out.');
  const providerIds = () =>
    list.map(({ courseId, providerId }) => {
      if (!providerId) throw new HandoffError(`The course "${courseId}" cannot be bought here yet.`);
      return providerId;
    });
  switch (config.provider) {
    case 'paddle':
      return {
        kind: 'paddle',
        token: config.token,
        environment: paddleEnvironment(config.token),
        items: providerIds().map((priceId) => ({ priceId, quantity: 1 })),
        successUrl: completeUrl,
        ...(coupon ? { discountCode: coupon } : {}),
      };
    case 'shopify':
      return { kind: 'navigate', url: shopifyCartUrl(config.domain, providerIds(), coupon) };
    case 'form':
      return {
        kind: 'form',
        action: config.action,
        fields: [
          ...list.map(({ courseId }): [string, string] => ['course', courseId]),
          ...(coupon ? [['coupon', coupon] as [string, string]] : []),
          ['return_url', completeUrl],
        ],
      };
  }
}

/** The localStorage key of the pending handoff. */
export const PENDING_HANDOFF_KEY = 'checkout-pending';

/** How long a handoff waits for its buyer to come back: a day, then it is forgotten. */
export const PENDING_HANDOFF_TTL_MS = 24 * 60 * 60 * 1000;

/** What the cart remembers at a handoff: the ids it handed off, and when. */
export type PendingHandoff = { ids: string[]; at: number };

/** The saved form of a pending handoff. */
export function serializePendingHandoff(ids: readonly string[], now: number): string {
  return JSON.stringify({ ids: [...ids], at: now } satisfies PendingHandoff);
}

/**
 * A pending handoff from what storage holds, or null when there is none, it is malformed, or it
 * is older than a day (or from the future: a clock changed).
 */
export function parsePendingHandoff(raw: string | null, now: number): PendingHandoff | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { ids, at } = value as Record<string, unknown>;
  if (typeof at !== 'number' || !Number.isFinite(at) || at > now || now - at > PENDING_HANDOFF_TTL_MS) return null;
  if (!Array.isArray(ids)) return null;
  const list = handoffCourses(
    ids.filter((id): id is string => typeof id === 'string').map((courseId) => ({ courseId })),
  );
  return list.length > 0 ? { ids: list.map(({ courseId }) => courseId), at } : null;
}

/**
 * The saved cart `raw` without the courses `ids`: the other entries as they were saved, in their
 * order; `raw` itself when none of them was in it (or it is not a list the cart could read).
 */
export function withoutCourses(raw: string | null, ids: readonly string[]): string | null {
  if (raw === null) return null;
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return raw;
  }
  if (!Array.isArray(list)) return raw;
  const taken = new Set(ids);
  const kept = list.filter((entry) => {
    const id = cartRules.idOf(entry);
    return id === undefined || !taken.has(id);
  });
  return kept.length === list.length ? raw : JSON.stringify(kept);
}
