import clsx, { type ClassValue } from 'clsx';

/** Joins class names; conditional classes as clsx takes them. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
