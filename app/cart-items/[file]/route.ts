import { getCourse, getCourses, toCartItem } from '@/lib/catalogue';

/*
 * One small JSON file per course (/cart-items/{id}.json) with exactly its cart item: the cart
 * fetches the few it holds, so that no page carries the catalogue to price and check a cart.
 */
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return getCourses().map((course) => ({ file: `${course.id}.json` }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const course = getCourse(file.replace(/\.json$/, ''));
  if (!course) return new Response('Not found', { status: 404 });
  return Response.json(toCartItem(course));
}
