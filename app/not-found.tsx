import type { Metadata } from 'next';
import { BrowseCategories } from '@/components/search/browse-categories';
import { ButtonLink } from '@/components/ui/button';
import { homeHref } from '@/lib/routes';
import { ParsedEnd } from '@/components/ui/parsed-end';

/** No canonical URL: the 404 page answers for every unknown address, and isn't indexed. */
export const metadata: Metadata = {
  title: 'Page not found',
  description: 'The page you were looking for doesn’t exist. Browse the course categories instead.',
  robots: { index: false, follow: true },
};

export default function NotFound() {
  return (
    // Centred: shown once all of it is parsed (app/globals.css, .shown-once-parsed).
    <div className="shown-once-parsed mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <p className="text-sm font-bold tracking-wide text-brand uppercase">404</p>
      <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">We couldn&rsquo;t find that page</h1>
      <p className="mt-4 text-ink-muted">
        The course or category you were looking for doesn&rsquo;t exist, or its address has changed.
      </p>
      <ButtonLink href={homeHref} size="lg" className="mt-8">
        Back to the home page
      </ButtonLink>
      <h2 className="mt-12 text-lg font-bold">Or browse a category</h2>
      <BrowseCategories className="mt-4 justify-center" />
      <ParsedEnd />
    </div>
  );
}
