/** Who a course is for, as the course page, card, JSON-LD (educationalLevel) and the Level filter name it. */
export const COURSE_LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'All levels'] as const;
