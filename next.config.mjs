/**
 * Static export: every route becomes an HTML file under out/ that any static host serves.
 * BASE_PATH deploys the site under a sub-path (e.g. '/storefront' for a project page).
 */
const basePath = process.env.BASE_PATH ?? '';

/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  trailingSlash: true,
  basePath,
  images: { unoptimized: true },
  env: { NEXT_PUBLIC_BASE_PATH: basePath },
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: {
    /*
     * Off on purpose. Inlining puts the 25 KB stylesheet into every page three times (a
     * <style> plus two copies in the RSC payload): +16 KB gzipped HTML per page, and more
     * parsing before the page is interactive; Lighthouse mobile scored it lower on all four
     * pages measured. The first paint gets its CSS from scripts/postbuild/critical-css.mjs
     * instead: only the rules a page's markup uses, once, in the HTML alone (README, "First paint").
     */
    inlineCss: false,
    /*
     * Static-generation workers. Next.js defaults to one less than the CPU count: 1 on the
     * 2-core build machine, leaving a core idle while thousands of course pages render.
     * NEXT_BUILD_WORKERS=2 overrides it so that the effect can be measured with
     * `npm run bench:scale` on an idle machine; left at the default until it has been.
     */
    ...(process.env.NEXT_BUILD_WORKERS ? { cpus: Number(process.env.NEXT_BUILD_WORKERS) } : {}),
  },
};

export default nextConfig;
