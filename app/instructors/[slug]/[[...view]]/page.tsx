import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { InstructorListing } from '@/components/instructor/instructor-listing';
import { getInstructor, getInstructorCourses, getInstructors } from '@/lib/server/catalogue';
import { pageCount } from '@/lib/pagination';
import { instructorMetadata } from '@/lib/server/seo';

export const dynamicParams = false;

/** Every page of every instructor's courses: /instructors/{slug}/ and …/page/{n}/. Anything else is a 404. */
export function generateStaticParams() {
  return getInstructors().flatMap((instructor) =>
    Array.from({ length: pageCount(getInstructorCourses(instructor.slug).length) }, (_, index) => ({
      slug: instructor.slug,
      view: index === 0 ? [] : ['page', String(index + 1)],
    })),
  );
}

type Props = { params: Promise<{ slug: string; view?: string[] }> };

/** The instructor and page an address names, or undefined (a page past the end, `page/1/`, `page/02/`…). */
async function pageFrom(params: Props['params']) {
  const { slug, view = [] } = await params;
  const instructor = getInstructor(decodeURIComponent(slug));
  if (!instructor) return undefined;
  let page = 1;
  if (view.length > 0) {
    if (view.length !== 2 || view[0] !== 'page' || !/^[1-9]\d{0,8}$/.test(view[1]!) || view[1] === '1')
      return undefined;
    page = Number(view[1]);
  }
  if (page > pageCount(getInstructorCourses(instructor.slug).length)) return undefined;
  return { instructor, page };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await pageFrom(params);
  return found ? instructorMetadata(found.instructor, found.page) : {};
}

export default async function InstructorPage({ params }: Props) {
  const found = await pageFrom(params);
  if (!found) notFound();
  return <InstructorListing instructor={found.instructor} page={found.page} />;
}
