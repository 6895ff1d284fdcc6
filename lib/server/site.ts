import { LOCAL_SITE_URL, readEnv } from '@/config/env.mjs';

/** Site-wide constants: the name, and the origin absolute URLs are built from. */
export const siteName = 'Coursely';

export const siteDescription =
  'Video courses in Python, web development, data science, AWS, design and marketing, taught by working practitioners.';

/**
 * The public origin of the deployed site, without a trailing slash. Set SITE_URL at build
 * time; the default is the address `npm start` serves on.
 */
export const siteUrl = readEnv().SITE_URL ?? LOCAL_SITE_URL;
