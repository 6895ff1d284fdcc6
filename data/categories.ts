import type { Category } from '@/lib/types';

/** Tile image for each category (public/ paths), shown in the home page's 'Top Categories'. */
export const categoryImages = {
  python: '/images/categories/python.svg',
  'web development': '/images/categories/web-development.svg',
  'data science': '/images/categories/data-science.svg',
  aws: '/images/categories/aws.svg',
  design: '/images/categories/design.svg',
  marketing: '/images/categories/marketing.svg',
} satisfies Record<Category, string>;
