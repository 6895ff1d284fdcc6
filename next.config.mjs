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
    // Inline the (small) stylesheet into each page: no render-blocking CSS request before first paint.
    inlineCss: true,
  },
};

export default nextConfig;
