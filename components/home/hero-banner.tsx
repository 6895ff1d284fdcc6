import { StaticImage } from '@/components/ui/static-image';
import { BANNER_IMAGE, IMAGE_SIZES } from '@/config/image-variants.mjs';
import { toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { screens } from '@/lib/theme';

/** Where the illustration shows: the `md` breakpoint (lib/theme.ts), as its `md:block` class says. */
const BANNER_MEDIA = `(min-width: ${screens.md})`;

/** The sale's 'Courses from' price (SPEC §9: $9.99), an amount in the shop's currency. */
const SALE_FROM_PRICE = 9.99;

/**
 * The promotional banner (SPEC §1, §9). On phones its headline is the page's largest element, and
 * the illustration is neither shown nor downloaded; from `md` up the illustration is the largest
 * paint, so it loads at once, at high priority. It comes first in the HTML, so the text never
 * moves when it arrives, and it is placed in the second column, not just ordered last: alone in the
 * grid before the text is parsed, an item ordered last would sit in the first column, then jump. The
 * text, centred beside it, shows once all of it is parsed (a part of it centred, then the rest,
 * would move it).
 */
export function HeroBanner() {
  return (
    <section aria-labelledby="hero-title" className="bg-brand-light">
      <div className="mx-auto grid max-w-page items-center gap-6 px-4 py-10 sm:px-6 md:grid-cols-[1.1fr_1fr] md:py-14">
        <StaticImage
          src={BANNER_IMAGE.src}
          alt=""
          width={BANNER_IMAGE.width}
          height={BANNER_IMAGE.height}
          sizes={IMAGE_SIZES.banner}
          media={BANNER_MEDIA}
          className="mx-auto hidden w-full max-w-md md:col-start-2 md:row-start-1 md:block"
        />
        <div className="hero-copy max-w-xl">
          <p className="mb-3 inline-block rounded-full bg-white px-3 py-1 text-xs font-bold tracking-wide text-brand-dark uppercase">
            Sale ends Aug. 31
          </p>
          <h1 id="hero-title" className="text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl">
            Save big. Learn big.
          </h1>
          <p className="mt-4 text-lg text-ink-muted">
            Courses from <strong className="text-ink">{formatPrice(toMinorUnits(SALE_FROM_PRICE))}</strong> for a
            limited time. Sale ends Aug. 31.
          </p>
          <p className="mt-2 text-ink-muted">
            Choose from <strong className="text-ink">204,000</strong> online video courses, with new additions published
            every month.
          </p>
          {/* The copy's end, parsed: from md up the copy shows only then (app/globals.css, .hero-copy). */}
          <span hidden className="hero-copy-end" />
        </div>
      </div>
    </section>
  );
}
