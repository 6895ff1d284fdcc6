import { CartView } from '@/components/cart/cart-view';
import { cartHref } from '@/lib/routes';
import { pageMetadata } from '@/lib/server/seo';

export const metadata = {
  ...pageMetadata({
    title: 'Shopping Cart',
    description: 'The courses in your cart and their total.',
    path: cartHref,
  }),
  // A cart has no content of its own to find.
  robots: { index: false },
};

export default function CartPage() {
  return (
    // The first-paint script marks it data-cart="empty" when nothing is saved (lib/browser/first-paint.ts).
    <div data-cart-page className="group/cart mx-auto max-w-page px-4 py-8 sm:px-6">
      <CartView />
    </div>
  );
}
