import { browserBundle } from '@/lib/server/browser-bundle';

/**
 * What the page does from its first paint (lib/browser/first-paint.ts): one inline script, the
 * same on every page, run as the <body> starts, long before the page's own scripts load.
 */
export function FirstPaintScript() {
  // Rendered on the server only: React leaves an inline script it hydrates as it is.
  return <script dangerouslySetInnerHTML={{ __html: browserBundle('first-paint') }} />;
}
