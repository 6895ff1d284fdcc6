import { BrowseCategories } from '@/components/search/browse-categories';
import { WishlistView } from '@/components/wishlist/wishlist-view';
import { wishlistHref } from '@/lib/routes';
import { pageMetadata } from '@/lib/server/seo';

export const metadata = {
  ...pageMetadata({
    title: 'Wishlist',
    description: 'The courses you saved for later.',
    path: wishlistHref,
  }),
  // A visitor's own list: nothing for search engines (and it is not in the sitemap).
  robots: { index: false },
};

export default function WishlistPage() {
  return (
    <div className="mx-auto max-w-page px-4 py-8 sm:px-6">
      <WishlistView browse={<BrowseCategories className="justify-center" />} />
    </div>
  );
}
