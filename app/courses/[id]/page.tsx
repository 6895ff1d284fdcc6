import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CourseDetail } from '@/components/course/course-detail';
import { JsonLd } from '@/components/seo/json-ld';
import { getCourse, getCourses, getReviews } from '@/lib/server/catalogue';
import { courseJsonLd, courseMetadata } from '@/lib/server/seo';

export const dynamicParams = false;

export function generateStaticParams() {
  return getCourses().map((course) => ({ id: course.id }));
}

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const course = getCourse((await params).id);
  if (!course) return {};
  return courseMetadata(course);
}

export default async function CoursePage({ params }: Props) {
  const course = getCourse((await params).id);
  if (!course) notFound();
  return (
    <>
      <JsonLd data={courseJsonLd(course, getReviews(course.id))} />
      <CourseDetail course={course} />
    </>
  );
}
