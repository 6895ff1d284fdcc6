import Image from 'next/image';
import { IMAGE_SIZES } from '@/config/image-variants.mjs';
import { cn } from '@/lib/cn';
import type { Instructor } from '@/lib/server/catalogue';

/** The initials of a name: its first and last words' first letters ('Maya Lindqvist' → 'ML'), or its first letter alone. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = [...(words[0] ?? '?')][0] ?? '?';
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? '') : '';
  return `${first}${last}`.toLocaleUpperCase();
}

/**
 * An instructor's photo (square, through the image loader like covers), or without one a
 * monogram of their initials. Decorative: the name is always beside it.
 */
export function InstructorAvatar({ instructor, className }: { instructor: Instructor; className?: string }) {
  const box = cn('size-20 shrink-0 rounded-full sm:size-24', className);
  if (instructor.image !== undefined)
    return (
      <Image
        src={instructor.image}
        alt=""
        width={96}
        height={96}
        sizes={IMAGE_SIZES.avatar}
        className={cn(box, 'object-cover')}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={cn(box, 'flex items-center justify-center bg-ink text-2xl font-extrabold text-white sm:text-3xl')}
    >
      {initialsOf(instructor.name)}
    </span>
  );
}
