import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { CartProvider } from '@/components/cart/cart-provider';
import { ClientNavigation } from '@/components/layout/client-navigation';
import { FirstPaintScript } from '@/components/layout/first-paint-script';
import { WishlistProvider } from '@/components/wishlist/wishlist-provider';
import { HydrationMarker } from '@/components/layout/hydration-marker';
import { Navbar } from '@/components/layout/navbar';
import { ServiceWorkerUpdate } from '@/components/layout/service-worker';
import { SiteFooter } from '@/components/layout/site-footer';
import { SkipLink } from '@/components/layout/skip-link';
import { defaultSocialMetadata, defaultTitle } from '@/lib/server/seo';
import { siteDescription, siteName, siteUrl } from '@/lib/server/site';
import { colors } from '@/lib/theme';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl),
  title: { default: defaultTitle, template: `%s | ${siteName}` },
  description: siteDescription,
  applicationName: siteName,
  appleWebApp: { title: siteName },
  ...defaultSocialMetadata(),
};

export const viewport: Viewport = {
  themeColor: colors.brand.DEFAULT,
  width: 'device-width',
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col">
        <FirstPaintScript />
        <SkipLink />
        <CartProvider>
          <WishlistProvider>
            <Navbar />
            <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
              {children}
            </main>
            <SiteFooter />
          </WishlistProvider>
        </CartProvider>
        <ClientNavigation />
        <HydrationMarker />
        <ServiceWorkerUpdate />
      </body>
    </html>
  );
}
