// @ts-check
/**
 * The checkout providers' origins, which the pages that hand off allow in their CSP
 * (scripts/export/csp.mjs) and the browser loads from (lib/browser/checkout.ts). Plain JavaScript
 * because the export's scripts, which Node runs as they are, read it too.
 */

/** Where Paddle.js comes from: Paddle allows no other copy. */
export const PADDLE_SCRIPT_ORIGIN = 'https://cdn.paddle.com';

/** The origin of Paddle's overlay checkout frame, by environment. */
export const PADDLE_FRAME_ORIGINS = /** @type {const} */ ({
  sandbox: 'https://sandbox-buy.paddle.com',
  production: 'https://buy.paddle.com',
});

/** Paddle's sandbox takes `test_` tokens, its production `live_` ones. @param {string} token */
export const paddleEnvironment = (token) => (token.startsWith('test_') ? 'sandbox' : 'production');
