import type { Config } from 'tailwindcss';
import { colors, screens } from './lib/theme';

/** Design tokens. Breakpoints and the sidebar width are SPEC §9's numbers. */
const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
  theme: {
    screens,
    extend: {
      colors,
      // The page's type: the system's own, as the browser's base font for <html> (Tailwind's reset).
      fontFamily: {
        sans: [
          'system-ui',
          '-apple-system',
          'Segoe UI',
          'Roboto',
          'Helvetica Neue',
          'Arial',
          'Noto Sans',
          'sans-serif',
        ],
      },
      width: {
        sidebar: '300px',
      },
      maxWidth: {
        page: '1340px',
      },
    },
  },
};

export default config;
