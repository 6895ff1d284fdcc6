import 'client-only';

import {
  buildHandoff,
  checkoutCompleteHref,
  PENDING_HANDOFF_KEY,
  parsePendingHandoff,
  serializePendingHandoff,
  withoutCourses,
  type CheckoutConfig,
  type Handoff,
  type HandoffCourse,
} from '../checkout';
import { CART_STORAGE_KEY } from '../saved-list-rules';
import { basePath } from '../routes';
import { cartShardUrl } from './cart-storage';
import { PADDLE_SCRIPT_ORIGIN } from '@/config/checkout.mjs';

/*
 * The handoff in the browser (README, 'Selling'): this module and Paddle.js load on the first
 * press of 'Checkout' or 'Buy now' in a build that sells, never before and never in one that
 * does not (components/cart/cart-view.tsx).
 */

/** The build's checkout, as next.config.mjs inlined it; null when it sells nothing. */
export function checkoutConfig(): CheckoutConfig | null {
  switch (process.env.NEXT_PUBLIC_CHECKOUT_PROVIDER) {
    case 'paddle':
      return { provider: 'paddle', token: process.env.NEXT_PUBLIC_PADDLE_CLIENT_TOKEN ?? '' };
    case 'shopify':
      return { provider: 'shopify', domain: process.env.NEXT_PUBLIC_SHOPIFY_STORE_DOMAIN ?? '' };
    case 'form':
      return { provider: 'form', action: process.env.NEXT_PUBLIC_CHECKOUT_FORM_URL ?? '' };
    default:
      return null;
  }
}

/** Why a handoff did not happen, each with its own message by the button. */
export type HandoffFailureReason = 'offline' | 'blocked' | 'network' | 'unavailable';

export class HandoffFailure extends Error {
  override name = 'HandoffFailure';
  constructor(readonly reason: HandoffFailureReason) {
    super(reason);
  }
}

/** What the buyer reads by the button, and what to try. */
export const HANDOFF_FAILURE_MESSAGES: Record<HandoffFailureReason, string> = {
  offline: 'Checkout needs a connection. Your cart is saved: connect to the internet and try again.',
  blocked:
    'The payment window could not load. A content or ad blocker may be stopping it: allow it for this site, or try another browser.',
  network: 'The checkout could not be reached. Your cart is unchanged: try again in a moment.',
  unavailable: 'A course in your cart cannot be bought online yet. Remove it to check out the others.',
};

/** The absolute URL of /checkout/complete/ on this site: where a checkout returns the buyer. */
export function completeUrl(): string {
  return new URL(`${basePath}${checkoutCompleteHref}`, window.location.origin).href;
}

/** The course's id at the provider, from its cart record (written only in a build that needs it). */
export async function providerIdOf(courseId: string): Promise<string | undefined> {
  const response = await fetch(cartShardUrl(courseId), { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new HandoffFailure('network');
  const shard = (await response.json()) as Record<string, { checkoutId?: unknown } | undefined>;
  const id = Object.hasOwn(shard, courseId) ? shard[courseId]?.checkoutId : undefined;
  return typeof id === 'string' ? id : undefined;
}

async function coursesFor(config: CheckoutConfig, courseIds: readonly string[]): Promise<HandoffCourse[]> {
  if (config.provider === 'form') return courseIds.map((courseId) => ({ courseId }));
  try {
    return await Promise.all(
      courseIds.map(async (courseId) => ({ courseId, providerId: await providerIdOf(courseId) })),
    );
  } catch (error) {
    throw error instanceof HandoffFailure ? error : new HandoffFailure('network');
  }
}

export type PaddleInstance = NonNullable<Awaited<ReturnType<(typeof import('@paddle/paddle-js'))['initializePaddle']>>>;

/** Paddle.js v2, as Paddle serves it: never a copy of our own. */
const PADDLE_SCRIPT_URL = `${PADDLE_SCRIPT_ORIGIN}/paddle/v2/paddle.js`;

/**
 * Adds Paddle's script and waits for it. We add it ourselves rather than leave it to
 * initializePaddle, which keeps a failed load for the page's life: a buyer whose blocker or
 * connection stopped it could never try again. A failed script element goes, so the next try
 * starts clean.
 */
function loadPaddleScript(): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PADDLE_SCRIPT_URL;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      reject(new HandoffFailure(navigator.onLine ? 'blocked' : 'offline'));
    });
    document.head.append(script);
  });
}

/**
 * Paddle.js, initialised once per page (Paddle allows one Initialize); forgotten when it failed.
 * The buyer's local price (lib/browser/local-prices.ts) shares it: the overlay opens on the instance
 * that previewed.
 */
let paddle: Promise<PaddleInstance> | undefined;

export function loadPaddle(token: string, environment: 'sandbox' | 'production'): Promise<PaddleInstance> {
  paddle ??= loadPaddleScript()
    .then(() => import('@paddle/paddle-js'))
    // Finds the script loaded above (window.PaddleBillingV1), sets the environment and initialises.
    .then(({ initializePaddle }) => initializePaddle({ token, environment }))
    .then((instance) => {
      if (!instance) throw new HandoffFailure('blocked');
      return instance;
    })
    .catch((error: unknown) => {
      paddle = undefined;
      throw error instanceof HandoffFailure ? error : new HandoffFailure(navigator.onLine ? 'network' : 'offline');
    });
  return paddle;
}

function submitForm({ action, fields }: Extract<Handoff, { kind: 'form' }>) {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.hidden = true;
  for (const [name, value] of fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** Remembers what was handed off, for /checkout/complete/ to take out of the cart. */
function rememberHandoff(ids: readonly string[]) {
  try {
    localStorage.setItem(PENDING_HANDOFF_KEY, serializePendingHandoff(ids, Date.now()));
  } catch {
    // Storage unavailable: the complete page will have nothing to confirm, and the cart stays.
  }
}

/**
 * Hands `courseIds` off to the build's checkout (with `coupon`, a code the visitor brought, for
 * the provider to judge): opens Paddle's overlay, or leaves for Shopify's cart or the shop's form
 * endpoint. Resolves once the provider has it; throws a HandoffFailure
 * when it could not, with nothing changed.
 */
export async function handOff(config: CheckoutConfig, courseIds: readonly string[], coupon?: string): Promise<void> {
  if (!navigator.onLine) throw new HandoffFailure('offline');
  const courses = await coursesFor(config, courseIds);
  let handoff: Handoff;
  try {
    handoff = buildHandoff(config, courses, completeUrl(), coupon);
  } catch {
    throw new HandoffFailure('unavailable');
  }
  const ids = courses.map(({ courseId }) => courseId);
  switch (handoff.kind) {
    case 'paddle': {
      const instance = await loadPaddle(handoff.token, handoff.environment);
      rememberHandoff(ids);
      instance.Checkout.open({
        items: handoff.items,
        settings: { displayMode: 'overlay', successUrl: handoff.successUrl },
        ...(handoff.discountCode ? { discountCode: handoff.discountCode } : {}),
      });
      return;
    }
    case 'navigate':
      rememberHandoff(ids);
      window.location.assign(handoff.url);
      return;
    case 'form':
      rememberHandoff(ids);
      submitForm(handoff);
      return;
  }
}

/**
 * Takes the pending handoff out of storage (once: a second visit finds nothing) and the courses
 * it names out of the cart, telling the page's cart as another tab would. Returns the ids taken,
 * or null when nothing was pending.
 */
export function completeHandoff(): string[] | null {
  let pending;
  try {
    pending = parsePendingHandoff(localStorage.getItem(PENDING_HANDOFF_KEY), Date.now());
    localStorage.removeItem(PENDING_HANDOFF_KEY);
  } catch {
    return null;
  }
  if (!pending) return null;
  try {
    const saved = localStorage.getItem(CART_STORAGE_KEY);
    const next = withoutCourses(saved, pending.ids);
    if (next !== saved && next !== null) {
      localStorage.setItem(CART_STORAGE_KEY, next);
      // After the caller's render: the cart re-renders what shows its count.
      queueMicrotask(() =>
        window.dispatchEvent(
          new StorageEvent('storage', {
            key: CART_STORAGE_KEY,
            oldValue: saved,
            newValue: next,
            storageArea: localStorage,
          }),
        ),
      );
    }
  } catch {
    // Storage unavailable: the cart keeps its courses; the page still thanks the buyer.
  }
  return pending.ids;
}
