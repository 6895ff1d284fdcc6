import path from 'node:path';

const config = {
  plugins: {
    '@tailwindcss/postcss': {},
    // After Tailwind (see the plugin's comment). A full path from the project folder, where every
    // build runs: Turbopack resolves plugins by name, and evaluates this file from its own folder.
    [path.join(process.cwd(), 'build/postcss-plain-properties.cjs')]: {},
  },
};

export default config;
