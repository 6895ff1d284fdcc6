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
     * parsing before the page is interactive. Measured with Lighthouse mobile, 5 runs each,
     * the linked stylesheet (one cached 6 KB request) scored higher on all four audited
     * pages (0.97–0.98 vs 0.93–0.95), with lower TBT and, but for the cart, lower FCP.
     */
    inlineCss: false,
  },
};

export default nextConfig;
