import { getCartShard, getCartShards } from '@/lib/server/catalogue';

/*
 * The cart's records, sharded (lib/cart-shard.ts): /cart-items/{shard}.json, shard '00' to 'ff',
 * holds `{ [courseId]: CartItem }` for the courses whose id hashes to it. The cart fetches the
 * few shards its courses are in, so that no page carries the catalogue to price and check a
 * cart, and the export writes at most 256 files, not one per course. A shard no course hashes
 * to is not written (the browser's 404 then says "no such course").
 */
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return [...getCartShards().keys()].map((shard) => ({ file: `${shard}.json` }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const shard = /^([0-9a-f]{2})\.json$/.exec(file)?.[1];
  const records = shard === undefined ? undefined : getCartShard(shard);
  if (!records) return new Response('Not found', { status: 404 });
  return Response.json(records);
}
