import type { ReactNode } from 'react';
import { ClientNavigation } from '@/components/layout/client-navigation';
import { CouponNotice } from '@/components/coupon/coupon-notice';
import { HydrationMarker } from '@/components/layout/hydration-marker';
import { ServiceWorkerUpdate } from '@/components/layout/service-worker';
import { SiteFrame, siteBodyClass } from '@/components/layout/site-frame';
import { couponsEnabled } from '@/lib/coupons';
import { rootMetadata, rootViewport } from '@/lib/server/seo';
import './globals.css';

export const metadata = rootMetadata;

export const viewport = rootViewport;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className={siteBodyClass}>
        <SiteFrame>{children}</SiteFrame>
        <ClientNavigation />
        <HydrationMarker />
        <ServiceWorkerUpdate />
        {couponsEnabled && <CouponNotice />}
      </body>
    </html>
  );
}
