import type { ReactNode } from 'react';
import { CartProvider } from '@/components/cart/cart-provider';
import { WishlistProvider } from '@/components/wishlist/wishlist-provider';
import { FirstPaintScript } from './first-paint-script';
import { Navbar } from './navbar';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';

/** Every page's <body> lays out the navigation bar, the page and the footer in a column. */
export const siteBodyClass = 'flex min-h-screen flex-col';

/**
 * What every page's <body> shows around its content: the first-paint script, the skip link, the
 * navigation bar, the page in <main> and the footer, with the saved lists' stores. The root layout
 * (app/layout.tsx) adds the parts that need Next's router; the pages the export makes without Next
 * ('Show all reviews', build/document.tsx) render this alone, and work from the first-paint script.
 */
export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <>
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
    </>
  );
}
