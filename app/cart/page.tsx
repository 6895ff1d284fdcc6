import { CartView } from '@/components/cart/cart-view';
import { cartHref } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata({
  title: 'Shopping Cart',
  description: 'The courses in your cart and their total.',
  path: cartHref,
});

export default function CartPage() {
  return (
    <div className="mx-auto max-w-page px-4 py-8 sm:px-6">
      <CartView />
    </div>
  );
}
