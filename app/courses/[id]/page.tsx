import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CourseDetail } from '@/components/course/course-detail';
import { getCourse, getCourses } from '@/lib/catalogue';

export const dynamicParams = false;

export function generateStaticParams() {
  return getCourses().map((course) => ({ id: course.id }));
}

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const course = getCourse((await params).id);
  if (!course) return {};
  return {
    title: course.course_name,
    description: course.description,
  };
}

export default async function CoursePage({ params }: Props) {
  const course = getCourse((await params).id);
  if (!course) notFound();
  return <CourseDetail course={course} />;
}
