import type { MetadataRoute } from 'next';
import { assetPath, homeHref } from '@/lib/routes';
import { siteDescription, siteName } from '@/lib/server/site';
import { colors } from '@/lib/theme';

export const dynamic = 'force-static';

/** Makes the site installable. Icons are rendered from assets/icon.svg by scripts/tools/render-icons.mjs. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: assetPath(homeHref),
    name: `${siteName}: online video courses`,
    short_name: siteName,
    description: siteDescription,
    start_url: assetPath(homeHref),
    scope: assetPath(homeHref),
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: colors.brand.DEFAULT,
    icons: [
      { src: assetPath('/icons/icon-192.png'), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: assetPath('/icons/icon-512.png'), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: assetPath('/icons/icon-maskable-512.png'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
