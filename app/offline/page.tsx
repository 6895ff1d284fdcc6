import type { Metadata } from 'next';
import { ButtonLink } from '@/components/ui/button';
import { BrowseCategories } from '@/components/search/browse-categories';
import { cartHref, homeHref } from '@/lib/routes';
import { ParsedEnd } from '@/components/ui/parsed-end';

/**
 * What the service worker shows for a page that was never opened on this device while the
 * network is down. Every link here is precached; none prefetches, since there is no network.
 */
export const metadata: Metadata = {
  title: 'You’re offline',
  description: 'This page isn’t saved on this device yet. The pages you opened before and your cart still work.',
  robots: { index: false, follow: false },
};

export default function OfflinePage() {
  return (
    // Centred: shown once all of it is parsed (app/globals.css, .shown-once-parsed).
    <div className="shown-once-parsed mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <p className="text-sm font-bold tracking-wide text-brand uppercase">Offline</p>
      <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">You&rsquo;re offline</h1>
      <p className="mt-4 text-ink-muted">
        This page isn&rsquo;t saved on this device yet. The pages you opened before, the categories and your cart still
        work; this page will load once you&rsquo;re back online.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink href={cartHref} prefetch={false} size="lg">
          Go to your cart
        </ButtonLink>
        <ButtonLink href={homeHref} prefetch={false} size="lg" variant="secondary">
          Home page
        </ButtonLink>
      </div>
      <h2 className="mt-12 text-lg font-bold">Browse a category</h2>
      <BrowseCategories label="Categories available offline" prefetch={false} className="mt-4 justify-center" />
      <ParsedEnd />
    </div>
  );
}
