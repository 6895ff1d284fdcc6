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
    // At least a window tall below the navigation bar (h-16): the footer starts below the first
    // screen, so the rows that arrive after hydration, however many, move nothing in view.
    <div data-cart-page className="group/cart mx-auto min-h-[calc(100vh-4rem)] max-w-page px-4 py-8 sm:px-6">
      <CartView />
    </div>
  );
}
