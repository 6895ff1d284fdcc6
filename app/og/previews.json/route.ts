import { ogPreviews } from '@/lib/build/og-previews';

/*
 * /og/previews.json: what each link-preview image shows, for the export's link-preview step to
 * draw them (scripts/export/og.mjs), which then removes this file: no page or visitor reads it.
 */
export const dynamic = 'force-static';

export function GET() {
  return Response.json(ogPreviews());
}
