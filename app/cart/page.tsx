import { CartView } from '@/components/cart/cart-view';
import { CART_STORAGE_KEY } from '@/lib/cart';
import { ADD_TO_CART_PARAM, cartHref } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

export const metadata = {
  ...pageMetadata({
    title: 'Shopping Cart',
    description: 'The courses in your cart and their total.',
    path: cartHref,
  }),
  // A cart has no content of its own to find.
  robots: { index: false },
};

/*
 * Runs before the cart body is parsed, long before hydration: it marks the wrapper
 * data-cart="empty" when nothing is saved and no course is being added, so that the empty
 * message is true at once and is the first paint. Anything else (items, unreadable storage
 * or JSON) shows the title and an empty body until the cart is checked.
 */
const firstPaintScript = `(function(){try{var w=document.currentScript.parentElement,r=localStorage.getItem(${JSON.stringify(
  CART_STORAGE_KEY,
)}),l=r===null?[]:JSON.parse(r);if(Array.isArray(l)&&!l.some(function(e){return e&&typeof e.courseID=="string"})&&!new URLSearchParams(location.search).has(${JSON.stringify(
  ADD_TO_CART_PARAM,
)}))w.dataset.cart="empty"}catch(e){}})()`;

export default function CartPage() {
  return (
    <div className="group/cart mx-auto max-w-page px-4 py-8 sm:px-6">
      <script dangerouslySetInnerHTML={{ __html: firstPaintScript }} />
      <CartView />
    </div>
  );
}
