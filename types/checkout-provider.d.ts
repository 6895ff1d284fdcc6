/** CHECKOUT_PROVIDER, folded in at compile time (next.config.mjs, compiler.define; jest.config.mjs, globals). */
declare const __CHECKOUT_PROVIDER__: 'none' | 'paddle' | 'shopify' | 'form';
