import 'server-only';
import type { Metadata, Viewport } from 'next';
import { Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteFrame, siteBodyClass } from '@/components/layout/site-frame';
import { rootMetadata, rootViewport } from '@/lib/server/seo';
import { DocumentRoute } from './static-navigation';

/*
 * A page the export makes without Next: the same <body> as every page (SiteFrame, the components
 * the root layout renders) around the page's content, and a <head> written from the page's
 * Metadata as Next writes it (held to Next's own head by scripts/check/head-contract.mjs). It never hydrates: its links are plain, its forms submit, and the
 * first-paint script (lib/browser/first-paint.ts) runs its navigation bar. The export's documents
 * step (build/documents.ts) bundles this module, with build/static-navigation.ts as
 * `next/navigation`, inlines the page's rules and adds its policy.
 */

/** A page made without Next (Next renders each of its pages at a fixed cost, whatever it holds: reviews.tsx). */
export type DocumentPage = {
  /** Its route, as lib/routes.ts builds it, without the base path. */
  route: string;
  metadata: Metadata;
  content: ReactNode;
};

const fail = (what: string): never => {
  throw new Error(`build/document.tsx: ${what} is not something a page made without Next can say`);
};

/** A Metadata value that must be a string, or absent. */
function text(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : fail(what);
}

type Image = { url: string; alt?: string; type?: string; width?: number; height?: number };

function images(value: unknown, what: string): Image[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((image: unknown) =>
    image && typeof image === 'object' && typeof (image as Image).url === 'string' ? (image as Image) : fail(what),
  );
}

function robots(value: Metadata['robots']): string | undefined {
  if (value === undefined || value === null || typeof value === 'string') return value ?? undefined;
  const { index, follow, ...rest } = value;
  if (Object.keys(rest).length) fail(`robots.${Object.keys(rest)[0]}`);
  return [
    index === undefined ? [] : [index ? 'index' : 'noindex'],
    follow === undefined ? [] : [follow ? 'follow' : 'nofollow'],
  ]
    .flat()
    .join(', ');
}

function title(page: Metadata['title'], root: Metadata['title']): string | undefined {
  const template = root && typeof root === 'object' && 'template' in root ? root.template : undefined;
  const fallback = root && typeof root === 'object' && 'default' in root ? root.default : text(root, 'title');
  const own = text(page, 'the page title');
  return own === undefined ? fallback : template ? template.replace('%s', own) : own;
}

/** A property <meta> tag per value that is there. */
const properties = (prefix: string, attribute: 'property' | 'name', entries: [string, unknown][]) =>
  entries
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => (
      <meta key={`${prefix}${key}`} {...{ [attribute]: `${prefix}${key}` }} content={String(value)} />
    ));

/**
 * The head's tags for `metadata` over the root layout's, in the order Next writes them: its
 * object values replace the root's whole (as Next merges them), and only the fields this site's
 * pages use are known; any other fails the build rather than go missing.
 */
export function HeadTags({ metadata, viewport }: { metadata: Metadata; viewport: Viewport }) {
  const merged: Metadata = { ...rootMetadata, ...metadata };
  const known = new Set([
    'metadataBase',
    'title',
    'description',
    'applicationName',
    'robots',
    'alternates',
    'appleWebApp',
    'openGraph',
    'twitter',
  ]);
  for (const key of Object.keys(merged)) if (!known.has(key)) fail(key);
  const canonical = text(merged.alternates?.canonical, 'alternates.canonical');
  const apple = merged.appleWebApp ?? undefined;
  if (apple !== undefined && (typeof apple !== 'object' || Object.keys(apple).some((key) => key !== 'title')))
    fail('appleWebApp');
  const appleTitle = typeof apple === 'object' ? text(apple.title, 'appleWebApp.title') : undefined;
  const og = (merged.openGraph ?? {}) as Record<string, unknown>;
  const twitter = (merged.twitter ?? {}) as Record<string, unknown>;
  const ogImages = images(og.images, 'openGraph.images');
  const twitterImages = images(twitter.images, 'twitter.images');
  return (
    <>
      <meta name="theme-color" content={text(viewport.themeColor, 'themeColor')} />
      <title>{title(metadata.title, rootMetadata.title)}</title>
      {properties('', 'name', [
        ['description', text(merged.description, 'description')],
        ['application-name', text(merged.applicationName, 'applicationName')],
        ['robots', robots(merged.robots)],
      ])}
      {canonical && <link rel="canonical" href={canonical} />}
      {apple && (
        <>
          <meta name="mobile-web-app-capable" content="yes" />
          {properties('apple-mobile-web-app-', 'name', [['title', appleTitle]])}
          <meta name="apple-mobile-web-app-status-bar-style" content="default" />
        </>
      )}
      {properties('og:', 'property', [
        ['title', og.title],
        ['description', og.description],
        ['url', og.url],
        ['site_name', og.siteName],
        ['locale', og.locale],
      ])}
      {ogImages.map((image) => (
        <Fragment key={image.url}>
          {properties('og:image', 'property', [
            ['', image.url],
            [':type', image.type],
            [':width', image.width],
            [':height', image.height],
            [':alt', image.alt],
          ])}
        </Fragment>
      ))}
      {properties('og:', 'property', [['type', og.type]])}
      {properties('twitter:', 'name', [
        ['card', twitter.card],
        ['title', twitter.title],
        ['description', twitter.description],
      ])}
      {twitterImages.map((image) => (
        <Fragment key={image.url}>
          {properties('twitter:image', 'name', [
            ['', image.url],
            [':alt', image.alt],
            [':type', image.type],
            [':width', image.width],
            [':height', image.height],
          ])}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The page as an HTML document, its stylesheets linked (`stylesheets`, URLs as pages write them:
 * the documents step inlines the rules it uses in their place).
 */
export function renderDocument({ route, metadata, content }: DocumentPage, stylesheets: readonly string[]): string {
  const viewport = rootViewport;
  const scale = viewport.initialScale === undefined ? '' : `, initial-scale=${viewport.initialScale}`;
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <html lang="en">
      {/* eslint-disable-next-line @next/next/no-head-element -- a page made without Next writes its own head */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content={`width=${text(viewport.width, 'viewport.width')}${scale}`} />
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <HeadTags metadata={metadata} viewport={viewport} />
      </head>
      <body className={siteBodyClass}>
        <DocumentRoute value={route}>
          <SiteFrame>{content}</SiteFrame>
        </DocumentRoute>
      </body>
    </html>,
  )}`;
}
