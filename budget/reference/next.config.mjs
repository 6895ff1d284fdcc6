/**
 * The reference app of scripts/check/budget.mjs: the same export settings as the storefront,
 * nothing else, so that its JavaScript is what any App Router page costs.
 */
const nextConfig = {
  output: 'export',
  trailingSlash: true,
  reactStrictMode: true,
  poweredByHeader: false,
  images: { unoptimized: true },
  // The root `npm run typecheck` checks these files; the budget build only measures them.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
