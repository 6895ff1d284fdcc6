/**
 * The brand palette: the one source for Tailwind's colour tokens and for the places that
 * need a colour outside CSS (theme-color, the web app manifest, link-preview images).
 */
export const colors = {
  brand: {
    DEFAULT: '#5624d0',
    dark: '#401b9c',
    light: '#eee8fc',
  },
  ink: {
    DEFAULT: '#1c1d1f',
    muted: '#4b4f56',
    soft: '#6a6f73',
  },
  line: '#d1d7dc',
  canvas: '#f7f9fa',
  rating: '#8a4b08',
  star: '#b4690e',
} as const;

/** SPEC §9's breakpoints: the one source for Tailwind's screens and for scripts that ask the same question. */
export const screens = {
  sm: '600px',
  md: '800px',
  lg: '992px',
  xl: '1400px',
} as const;
