import { courseOgImage, defaultOgImage } from '@/components/seo/og-image';
import { getCourse, getCourses } from '@/lib/catalogue';

export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return [{ file: 'default.png' }, ...getCourses().map((course) => ({ file: `${course.id}.png` }))];
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  if (file === 'default.png') return defaultOgImage();
  const course = getCourse(file.replace(/\.png$/, ''));
  if (!course) return new Response('Not found', { status: 404 });
  return courseOgImage(course);
}
