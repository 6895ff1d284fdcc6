/** CHECKOUT_PROVIDER, folded in at compile time (next.config.mjs, compiler.define; jest.config.mjs, globals). */
declare const __CHECKOUT_PROVIDER__: 'none' | 'paddle' | 'shopify' | 'form';
/** PADDLE_LOCAL_PRICES with a Paddle checkout, folded in at compile time as __CHECKOUT_PROVIDER__ is. */
declare const __PADDLE_LOCAL_PRICES__: boolean;
