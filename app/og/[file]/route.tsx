import { courseOgImage, defaultOgImage } from '@/lib/build/og-image';
import { getCourse, getCourses } from '@/lib/catalogue';

export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return [{ file: 'default.jpg' }, ...getCourses().map((course) => ({ file: `${course.id}.jpg` }))];
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const id = file.replace(/\.jpg$/, '');
  const course = id === 'default' ? undefined : getCourse(id);
  if (id !== 'default' && !course) return new Response('Not found', { status: 404 });
  const jpeg = course ? await courseOgImage(course) : await defaultOgImage();
  return new Response(new Uint8Array(jpeg), { headers: { 'Content-Type': 'image/jpeg' } });
}
