'use client';

import { createContext, useContext, type ReactNode } from 'react';
import {
  useSavedList,
  useSavedListValue,
  type SavedList,
  type SavedListContextValue,
} from '@/components/cart/cart-provider';
import type { SavedListStore } from '@/lib/browser/saved-list-store';
import type { CartItem } from '@/lib/types';
import { createWishlistStore } from '@/lib/browser/wishlist';

type WishlistContextValue = SavedListContextValue & {
  /** The confirmed courses, priced by the catalogue; empty until /wishlist/ checks them. */
  items: CartItem[];
};

const WishlistContext = createContext<SavedList<SavedListStore> | null>(null);
const noItems: CartItem[] = [];

/** Holds the wishlist for the whole site; like the cart's, it carries no catalogue data. */
export function WishlistProvider({ children }: { children: ReactNode }) {
  const list = useSavedList(createWishlistStore, (store) => ({
    remove: (courseId: string) => store.remove(courseId),
    clear: () => store.clear(),
  }));
  return <WishlistContext value={list}>{children}</WishlistContext>;
}

/** The wishlist and its actions. Only inside `<WishlistProvider>`. */
export function useWishlist(): WishlistContextValue {
  const list = useContext(WishlistContext);
  if (list === null) throw new Error('useWishlist must be used inside <WishlistProvider>');
  return useSavedListValue(list, 'items', noItems);
}
