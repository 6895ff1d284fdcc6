import { Link } from '@/components/ui/link';
import { CartLink } from '@/components/cart/cart-link';
import { WishlistLink } from '@/components/wishlist/wishlist-link';
import { SearchForm } from '@/components/search/search-form';
import { getCategories } from '@/lib/server/catalogue';
import { homeHref } from '@/lib/routes';
import { siteName } from '@/lib/server/site';
import { SidebarMenu } from './sidebar-menu';

export function Navbar() {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white shadow-sm">
      {/* A grid with a fixed last track, not flex: the browser may paint the header before the
          wishlist, cart and menu buttons are parsed, and a flex search box would then shrink under them.
          The track's buttons start at its start, so the ones parsed first stay put as the others arrive. */}
      <nav
        aria-label="Main"
        className="mx-auto grid h-16 max-w-page grid-cols-[auto_minmax(0,1fr)_8.75rem] items-center gap-3 px-4 sm:px-6"
      >
        <Link href={homeHref} className="flex items-center gap-2 rounded text-xl font-extrabold tracking-tight">
          <BrandMark />
          <span>{siteName}</span>
        </Link>
        <SearchForm className="md:px-4" />
        <div className="flex items-center gap-1">
          <WishlistLink />
          <CartLink />
          <SidebarMenu categories={getCategories()} />
        </div>
      </nav>
    </header>
  );
}

function BrandMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" width="28" height="28" className="shrink-0">
      <rect width="32" height="32" rx="8" className="fill-brand" />
      <path d="M12 9.5v13l11-6.5z" fill="#fff" />
    </svg>
  );
}
