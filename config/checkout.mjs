// @ts-check
/**
 * The checkout providers' origins, which the pages that hand off allow in their CSP
 * (build/csp.ts) and the browser loads from (lib/browser/checkout.ts). Plain JavaScript
 * because the export's scripts, which Node runs as they are, read it too.
 */

/** Where Paddle.js comes from: Paddle allows no other copy. */
export const PADDLE_SCRIPT_ORIGIN = 'https://cdn.paddle.com';

/** The origin of Paddle's overlay checkout frame, by environment. */
export const PADDLE_FRAME_ORIGINS = /** @type {const} */ ({
  sandbox: 'https://sandbox-buy.paddle.com',
  production: 'https://buy.paddle.com',
});

/**
 * Where Paddle.js sends a pricing preview (PADDLE_LOCAL_PRICES), by environment: its checkout
 * service and its API, which the page must allow in connect-src.
 */
export const PADDLE_PREVIEW_ORIGINS = /** @type {const} */ ({
  sandbox: ['https://sandbox-checkout-service.paddle.com', 'https://sandbox-api.paddle.com'],
  production: ['https://checkout-service.paddle.com', 'https://api.paddle.com'],
});

/** Paddle's sandbox takes `test_` tokens, its production `live_` ones. @param {string} token */
export const paddleEnvironment = (token) => (token.startsWith('test_') ? 'sandbox' : 'production');

/**
 * A build's checkout, as much of it as the host's headers depend on: the provider, and with Paddle
 * its environment. The export records it in its manifest (build/manifest.ts).
 * @typedef {{ provider: import('./env.mjs').CheckoutProvider, paddleEnvironment?: keyof typeof PADDLE_FRAME_ORIGINS }} CheckoutConfig
 */

/** A build without a checkout (CHECKOUT_PROVIDER=none, the default). @type {CheckoutConfig} */
export const NO_CHECKOUT = { provider: 'none' };

/** The checkout a build is configured with. @param {import('./env.mjs').SiteEnv} env @returns {CheckoutConfig} */
export function checkoutConfig(env) {
  const provider = /** @type {import('./env.mjs').CheckoutProvider} */ (env.CHECKOUT_PROVIDER);
  return provider === 'paddle'
    ? { provider, paddleEnvironment: paddleEnvironment(env.PADDLE_CLIENT_TOKEN) }
    : { provider };
}

/**
 * The origins of the frames the checkout opens inside the site's pages: Paddle's overlay, of its
 * environment (live when unknown). The other providers navigate away instead.
 * @param {CheckoutConfig} checkout
 * @returns {string[]}
 */
export const checkoutFrameOrigins = (checkout) =>
  checkout.provider === 'paddle' ? [PADDLE_FRAME_ORIGINS[checkout.paddleEnvironment ?? 'production']] : [];
