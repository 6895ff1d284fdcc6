import { fileURLToPath } from 'node:url';
import { buildId } from './config/build-id.mjs';
import { IMAGE_WIDTHS } from './config/image-variants.mjs';
import { buildWorkers } from './config/build-workers.mjs';
import { compileTimeValues } from './config/bundles.mjs';
import { hasCoupons, readEnv } from './config/env.mjs';

/**
 * Static export: every route becomes an HTML file under out/ that any static host serves.
 * BASE_PATH deploys the site under a sub-path (e.g. '/storefront' for a project page).
 */
const env = readEnv();
const basePath = env.BASE_PATH;
/*
 * What the compiler folds into the code: the base path, the checkout, coupons and the shop's money.
 * The export's own bundles get the same from config/bundles.mjs.
 */
const compileTime = compileTimeValues(env);

/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  trailingSlash: true,
  basePath,
  /*
   * Next's image optimizer needs a server; the export's images are made at build time instead
   * (build/images.ts) and named by lib/image-loader.ts. next/image picks its srcset
   * widths from these.
   */
  images: { loader: 'custom', loaderFile: './lib/image-loader.ts', deviceSizes: [...IMAGE_WIDTHS], imageSizes: [] },
  env: compileTime.env,
  /*
   * The checkout provider among them: with none, code that hands off is dead and dropped, so a
   * build that sells nothing is the build it was (components/cart/cart-view.tsx).
   */
  compiler: { define: compileTime.define },
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
     * keeps Next's link disabled for React to adopt (build/inline-css.ts).
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
