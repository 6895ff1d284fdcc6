import { Link } from '@/components/ui/link';
import { couponsEnabled } from '@/lib/coupons';
import { getCategories, getCategoryLabel } from '@/lib/server/catalogue';
import { currencyName } from '@/config/money.mjs';
import { shopMoney } from '@/lib/money';
import { categoryHref } from '@/lib/routes';
import { siteName } from '@/lib/server/site';
import { ParsedEnd } from '@/components/ui/parsed-end';

export function SiteFooter() {
  return (
    // At the window's foot on a short page, and its columns side by side from md up: shown once all of
    // it is parsed (app/globals.css, .shown-once-parsed), or it would grow and move as it arrives.
    <footer data-surface="dark" className="shown-once-parsed bg-ink text-white">
      <div className="mx-auto flex max-w-page flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:justify-between">
        <div>
          <p className="text-lg font-extrabold">{siteName}</p>
          <p className="mt-2 max-w-sm text-sm text-white/80">Video courses taught by people who do the work.</p>
        </div>
        <nav aria-label="Categories">
          <ul className="grid grid-cols-2 gap-x-10 gap-y-1 text-sm">
            {getCategories().map((category) => (
              <li key={category}>
                <Link href={categoryHref(category)} className="inline-flex min-h-8 items-center hover:underline">
                  {getCategoryLabel(category)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {/*
       * With coupons, room below the last line for the coupon notice fixed to the window's foot:
       * there from the first paint, so nothing moves when a code arrives. A style rather than a
       * class, so that a build without coupons has the stylesheet it had.
       */}
      <p
        className="border-t border-white/15 py-4 text-center text-xs text-white/80"
        style={couponsEnabled ? { paddingBottom: '6rem' } : undefined}
      >
        {`© 2026 ${siteName}. Prices in ${currencyName(shopMoney().currency)}.`}
      </p>
      <ParsedEnd />
    </footer>
  );
}
