import { getCourses, toCartItem } from '@/lib/server/catalogue';
import type { CartItem } from '@/lib/types';

/**
 * For tests: every course of the catalogue as a cart item, by id, as the cart's shards hold them
 * (app/cart-items/). Not for pages: handed to one, it would make it carry the whole catalogue.
 */
export function getCartIndex(): Record<string, CartItem> {
  return Object.fromEntries(getCourses().map((course) => [course.id, toCartItem(course)]));
}
