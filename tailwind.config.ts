import type { Config } from 'tailwindcss';

/** Design tokens. Breakpoints and the sidebar width are SPEC §9's numbers. */
const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
  theme: {
    screens: {
      sm: '600px',
      md: '800px',
      lg: '992px',
      xl: '1400px',
    },
    extend: {
      colors: {
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
