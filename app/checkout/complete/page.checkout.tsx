import { CheckoutComplete } from '@/components/checkout/checkout-complete';
import { checkoutCompleteHref } from '@/lib/checkout';
import { pageMetadata } from '@/lib/server/seo';

/*
 * Where a checkout returns the buyer (README, 'Selling'). A route only in a build that sells:
 * next.config.mjs adds the `.checkout.tsx` page extension with a CHECKOUT_PROVIDER, so a build
 * with none has no such page and exports exactly what it did. Not in the sitemap.
 */
export const metadata = {
  ...pageMetadata({
    title: 'Thank you',
    description: 'Your order is confirmed.',
    path: checkoutCompleteHref,
  }),
  robots: { index: false, follow: false },
};

export default function CheckoutCompletePage() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <CheckoutComplete />
    </div>
  );
}
