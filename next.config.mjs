import { fileURLToPath } from 'node:url';
import { buildId } from './config/build-id.mjs';
import { IMAGE_WIDTHS } from './config/image-variants.mjs';
import { buildWorkers } from './config/build-workers.mjs';
import {
  checkoutBrowserEnv,
  couponsBrowserEnv,
  hasCoupons,
  paddleLocalPrices,
  readEnv,
  shopMoney,
} from './config/env.mjs';

/**
 * Static export: every route becomes an HTML file under out/ that any static host serves.
 * BASE_PATH deploys the site under a sub-path (e.g. '/storefront' for a project page).
 */
const env = readEnv();
const basePath = env.BASE_PATH;
const money = shopMoney(env);

/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  trailingSlash: true,
  basePath,
  /*
   * Next's image optimizer needs a server; the export's images are made at build time instead
   * (scripts/export/images.mjs) and named by lib/image-loader.ts. next/image picks its srcset
   * widths from these.
   */
  images: { loader: 'custom', loaderFile: './lib/image-loader.ts', deviceSizes: [...IMAGE_WIDTHS], imageSizes: [] },
  env: { NEXT_PUBLIC_BASE_PATH: basePath, ...checkoutBrowserEnv(env), ...couponsBrowserEnv(env) },
  /*
   * The checkout provider, folded at compile time: with none, code that hands off is dead and
   * dropped, so a build that sells nothing is the build it was (components/cart/cart-view.tsx).
   */
  compiler: {
    define: {
      __CHECKOUT_PROVIDER__: env.CHECKOUT_PROVIDER,
      // PADDLE_LOCAL_PRICES: without it, the code that previews Paddle's prices is dead and dropped.
      __PADDLE_LOCAL_PRICES__: paddleLocalPrices(env),
      /*
       * How the shop writes money (config/money.mjs): made here from SHOP_CURRENCY and SHOP_LOCALE
       * with Intl.NumberFormat, so that pages never build a currency formatter (lib/money.ts); its
       * digits apart, for what only adds up minor units (lib/format.ts toMinorUnits).
       */
      __SHOP_MONEY__: JSON.stringify(money),
      __SHOP_MONEY_DIGITS__: money.digits,
    },
  },
  distDir: env.NEXT_DIST_DIR ?? '.next',
  poweredByHeader: false,
  /*
   * Next draws a random id for every build, and every page carries it: a hash of the source, the
   * packages, the catalogue and the settings instead, so the same inputs give the same bytes
   * (config/build-id.mjs). Not deploymentId: that adds ?dpl= to every asset URL and keeps one
   * build id for every deploy, which the start-up loader's check of a payload's build relies on.
   */
  generateBuildId: () => buildId(fileURLToPath(new URL('.', import.meta.url))),
  /*
   * Routes only a build that sells has (app/checkout/complete/page.checkout.tsx), and only a
   * build with coupons (app/coupons.json/route.coupons.ts): without, they are not routes, and
   * the export is what it was (no empty /coupons.json).
   */
  ...(env.CHECKOUT_PROVIDER === 'none' && !hasCoupons(env)
    ? {}
    : {
        pageExtensions: [
          'tsx',
          'ts',
          'jsx',
          'js',
          ...(env.CHECKOUT_PROVIDER === 'none' ? [] : ['checkout.tsx']),
          ...(hasCoupons(env) ? ['coupons.ts'] : []),
        ],
      }),
  reactStrictMode: true,
  /* Bundles the pages' inline scripts at build time (lib/server/browser-bundle.ts): Node's own, not Turbopack's. */
  serverExternalPackages: ['esbuild'],
  experimental: {
    /*
     * Off on purpose: Next would put the stylesheet into every page three times (a <style> plus
     * two copies in the RSC payload). The export adapter inlines it once, in the HTML alone, and
     * keeps Next's link disabled for React to adopt (scripts/export/inline-css.mjs).
     */
    inlineCss: false,
    /*
     * Off: with it, the build decodes each page's payload once more and renders each of its
     * segments' prefetch responses to measure their gzip sizes, for prefetch files the export
     * does not ship (docs/performance.md, 'Prefetching' and 'Figures behind the code').
     */
    prefetchInlining: false,
    /* Static-generation workers: every core unless NEXT_BUILD_WORKERS says fewer (config/build-workers.mjs). */
    cpus: buildWorkers(),
  },
};

export default nextConfig;
