import { StaticImage } from '@/components/ui/static-image';
import { IMAGE_SIZES } from '@/config/image-variants.mjs';
import { Link } from '@/components/ui/link';
import { getCategoryImage, getCategoryLabel } from '@/lib/server/catalogue';
import { categoryHref } from '@/lib/routes';
import type { Category } from '@/lib/types';

/** Category tiles in SPEC §9's grid: 2 columns at 600px, 3 at 800px, 4 at 992px. */
export function CategoryTiles({ categories }: { categories: readonly Category[] }) {
  return (
    <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
      {categories.map((category) => (
        <li key={category}>
          <Link
            href={categoryHref(category)}
            className="group block overflow-hidden rounded-lg border border-line bg-white shadow-sm transition-shadow hover:shadow-md"
          >
            <StaticImage
              src={getCategoryImage(category)}
              alt=""
              width={400}
              height={300}
              sizes={IMAGE_SIZES.tile}
              className="aspect-[4/3] w-full bg-canvas object-cover transition-transform group-hover:scale-[1.02]"
            />
            <span className="block px-4 py-3 font-bold">{getCategoryLabel(category)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
