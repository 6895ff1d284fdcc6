import type { ReactNode } from 'react';
import { ClientNavigation } from '@/components/layout/client-navigation';
import { HydrationMarker } from '@/components/layout/hydration-marker';
import { ServiceWorkerUpdate } from '@/components/layout/service-worker';
import { SiteFrame, siteBodyClass } from '@/components/layout/site-frame';
import { rootMetadata, rootViewport } from '@/lib/server/seo';
import './globals.css';

export const metadata = rootMetadata;

export const viewport = rootViewport;

/*
 * The coupon notice, only in a build with coupons (NEXT_PUBLIC_COUPONS, folded in at compile
 * time): without, this is dead code, dropped with its import, and the chunk every page loads
 * carries neither the notice nor the coupon store.
 */
const CouponNotice =
  process.env.NEXT_PUBLIC_COUPONS === '1'
    ? async function CouponNotice() {
        const { CouponNotice: Notice } = await import('@/components/coupon/coupon-notice');
        return <Notice />;
      }
    : null;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className={siteBodyClass}>
        <SiteFrame>{children}</SiteFrame>
        <ClientNavigation />
        <HydrationMarker />
        <ServiceWorkerUpdate />
        {CouponNotice && <CouponNotice />}
      </body>
    </html>
  );
}
