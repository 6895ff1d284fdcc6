#!/usr/bin/env node
/**
 * Writes a deterministic synthetic catalogue of N courses, for scale tests and benchmarks:
 *
 *   node scripts/tools/synth-catalogue.mjs 300 .synthetic/courses-300.json
 *
 * The same N always gives the same file. Courses spread over the shipped categories
 * (python gets the most, so that it has many pages), with varied names, creators, prices,
 * ratings, dates and student counts, levels and curricula of varied length (about 2 to 18 hours),
 * and covers of two kinds: the shipped SVGs, and for every third course one of PHOTOS, 1600×900
 * JPEGs the way a shop's photos come (writePhotos makes them, into public/images/synthetic/, which
 * git ignores), so that every synthetic build runs the photo pipeline (scripts/export/images.mjs).
 * Every record meets lib/schema.ts. Build from it with CATALOGUE=<file> npm run build.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** The synthetic photo covers, under public/. */
export const PHOTOS = Array.from({ length: 8 }, (_, index) => `/images/synthetic/photo-${index + 1}.jpg`);

/**
 * Writes PHOTOS if they are missing: photo-like JPEGs (a colour gradient under fine noise, so
 * that they compress like photographs, 430–510 KB), the same bytes on every machine.
 * @param {string} root
 */
export async function writePhotos(root = process.cwd()) {
  for (const [index, photo] of PHOTOS.entries()) await writePhoto(path.join(root, 'public', photo), index);
}

/**
 * Writes one 1600×900 photo-like JPEG, unless the file exists: `seed` decides its colours and
 * grain, so every seed gives another photo and the same bytes on every machine.
 * @param {string} file @param {number} seed
 */
export async function writePhoto(file, seed) {
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const [width, height] = [1600, 900];
  const pixels = Buffer.alloc(width * height * 3);
  const next = random(seed + 101);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      const grain = (next() - 0.5) * 40;
      pixels[offset] = Math.max(0, Math.min(255, ((x / width) * 200 + seed * 30 + grain) % 256));
      pixels[offset + 1] = Math.max(0, Math.min(255, (y / height) * 180 + 40 + grain));
      pixels[offset + 2] = Math.max(0, Math.min(255, 220 - ((x + y) / (width + height)) * 160 + grain));
    }
  }
  // Written aside, then renamed: an interrupted run leaves no half a photo behind.
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toFile(`${file}.tmp`);
  renameSync(`${file}.tmp`, file);
}

const CATEGORY_WEIGHTS = {
  python: 0.4,
  'web development': 0.2,
  'data science': 0.15,
  aws: 0.1,
  design: 0.08,
  marketing: 0.07,
};

const TOPICS = {
  python: ['Python', 'Django', 'Flask', 'FastAPI', 'Pandas', 'Asyncio', 'Pytest', 'NumPy', 'Automation', 'Scripting'],
  'web development': [
    'React',
    'CSS Grid',
    'TypeScript',
    'Node.js',
    'Accessibility',
    'Next.js',
    'Svelte',
    'HTML',
    'Web APIs',
    'Vue',
  ],
  'data science': [
    'Statistics',
    'Machine Learning',
    'SQL',
    'Data Visualisation',
    'Time Series',
    'Deep Learning',
    'R',
    'Forecasting',
    'Spark',
    'A/B Testing',
  ],
  aws: [
    'Lambda',
    'S3',
    'CloudFormation',
    'DynamoDB',
    'ECS',
    'IAM',
    'VPC Networking',
    'CloudWatch',
    'Step Functions',
    'EKS',
  ],
  design: [
    'Figma',
    'Typography',
    'Colour Theory',
    'UX Research',
    'Design Systems',
    'Illustration',
    'Motion Design',
    'Prototyping',
    'Branding',
    'Icon Design',
  ],
  marketing: [
    'SEO',
    'Email Marketing',
    'Copywriting',
    'Analytics',
    'Social Media',
    'Content Strategy',
    'Paid Search',
    'Growth',
    'Brand Voice',
    'Conversion',
  ],
};
const OPENERS = [
  'Practical',
  'Modern',
  'Complete',
  'Hands-On',
  'Essential',
  'Advanced',
  'Applied',
  'Professional',
  'Fast-Track',
  'Real-World',
  'Intensive',
  'Pragmatic',
];
const ENDINGS = [
  'Bootcamp',
  'Masterclass',
  'Workshop',
  'Guide',
  'from Scratch',
  'in Practice',
  'for Teams',
  'Deep Dive',
  'Crash Course',
  'Field Guide',
];
const FIRST = [
  'Ana',
  'Björn',
  'Chen',
  'Dana',
  'Emeka',
  'Farah',
  'Gustavo',
  'Hana',
  'Ines',
  'Jonas',
  'Kemal',
  'Lucía',
  'Mei',
  'Nikhil',
  'Olga',
  'Priya',
  'Rafael',
  'Sofía',
  'Tomás',
  'Yuki',
];
const LAST = [
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Nakamura',
  'Petrov',
  'Rahman',
  'Schmidt',
  'Silva',
  'Walsh',
  'Zhang',
  'Haddad',
  'Kowalski',
  'Novak',
  'Ortega',
  'Brennan',
  'Iyer',
];
const LANGS = [
  ['English'],
  ['English', 'Spanish'],
  'English',
  ['English', 'German', 'French'],
  ['Spanish'],
  ['English', 'Portuguese'],
];
const LEARN = [
  'Set up a working {t} environment and a project you can extend',
  'Read, write and debug idiomatic {t} with confidence',
  'Structure a real {t} project so that others can work on it',
  'Test your {t} work and catch mistakes before users do',
  'Measure and improve the performance of your {t} work',
  'Ship a finished {t} project and explain every decision in it',
];
const SECTIONS = [
  'Getting Started',
  'Core Ideas',
  'Working with Data',
  'Patterns That Scale',
  'Testing',
  'Performance',
  'Shipping It',
  'Final Project',
];

const LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'All levels'];
const LECTURES = [
  'Overview',
  'Key ideas',
  'Live demo',
  'Worked example',
  'Common pitfalls',
  'Hands-on exercise',
  'Solution walkthrough',
  'Recap and quiz',
];

/** A small seeded generator (mulberry32): the same seed gives the same catalogue. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** How many of `total` courses each category gets: by weight, every category at least one. */
function shares(total) {
  const names = Object.keys(CATEGORY_WEIGHTS);
  const counts = names.map((name) => Math.max(1, Math.floor(total * CATEGORY_WEIGHTS[name])));
  let left = total - counts.reduce((sum, value) => sum + value, 0);
  for (let position = 0; left !== 0; position = (position + 1) % names.length) {
    const step = left > 0 ? 1 : -1;
    if (counts[position] + step >= 1) {
      counts[position] += step;
      left -= step;
    }
  }
  return names.map((name, position) => [name, counts[position]]);
}

/** 5–8 sections of 2–8 lectures, 2–25 minutes each (the first lecture a free preview). */
function curriculum(next) {
  // A course's lectures share a typical length, so totals spread from short to long courses.
  const typical = 2 + Math.floor(next() * 18);
  return SECTIONS.slice(0, 5 + Math.floor(next() * 4)).map((title, section) => ({
    title,
    lectures: LECTURES.slice(0, 2 + Math.floor(next() * 7)).map((lecture, index) => ({
      title: lecture,
      minutes: typical + Math.floor(next() * 7),
      ...(section === 0 && index === 0 ? { preview: true } : {}),
    })),
  }));
}

export function synthesize(total, root = process.cwd()) {
  const next = random(total * 7919 + 17);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const covers = readdirSync(path.join(root, 'public/images/courses'))
    .filter((file) => file.endsWith('.svg'))
    .sort();
  const courses = [];
  for (const [category, count] of shares(total)) {
    const prefix = category
      .split(' ')
      .map((word) => word.slice(0, 3))
      .join('');
    for (let n = 1; n <= count; n += 1) {
      const topic = pick(TOPICS[category]);
      const actual = pick([13.99, 19.99, 24.99, 34.99, 49.99, 64.99, 74.99, 84.99, 90.99]);
      const discounted = Math.min(actual, pick([5.99, 7.99, 9.99, 11.99, 12.99, 14.99, 16.99, 19.99]));
      const learn = LEARN.slice(0, 3 + Math.floor(next() * 4)).map((line) => line.replace('{t}', topic));
      courses.push({
        id: `${prefix}-${String(n).padStart(5, '0')}`,
        category,
        image: n % 3 === 0 ? PHOTOS[(n / 3) % PHOTOS.length] : `/images/courses/${pick(covers)}`,
        course_name: `${pick(OPENERS)} ${topic} ${pick(ENDINGS)}, Part ${n}`,
        description: `A ${category} course on ${topic}: short lessons, worked examples and a project per section, so that every idea is practised as soon as it is taught.`,
        rating_count: Math.floor(20 + next() * 60000),
        rating_star: Math.round((3.8 + next() * 1.2) * 10) / 10,
        students: Math.floor(200 + next() * 400000),
        creator: `${pick(FIRST)} ${pick(LAST)}`,
        updated_date: `${String(1 + Math.floor(next() * 12)).padStart(2, '0')}/${2021 + Math.floor(next() * 6)}`,
        lang: pick(LANGS),
        actual_price: actual,
        discounted_price: discounted,
        what_you_will_learn: learn,
        content: curriculum(next),
        level: pick(LEVELS),
        // A Shopify variant id, for a build that sells through Shopify (build:synthetic); drawn from no random stream.
        checkout: { shopify: String(40_000_001 + courses.length) },
      });
    }
  }
  return courses;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const total = Number(process.argv[2]);
  const out = process.argv[3];
  if (!Number.isInteger(total) || total < 6 || !out) {
    console.error('usage: node scripts/tools/synth-catalogue.mjs N OUT.json   (N ≥ 6, one course per category at least)');
    process.exit(2);
  }
  mkdirSync(path.dirname(out), { recursive: true });
  await writePhotos();
  const courses = synthesize(total);
  writeFileSync(out, `${JSON.stringify(courses)}\n`);
  const perCategory = new Map();
  for (const course of courses) perCategory.set(course.category, (perCategory.get(course.category) ?? 0) + 1);
  console.log(
    `${out}: ${courses.length} courses (${[...perCategory].map(([name, count]) => `${name} ${count}`).join(', ')})`,
  );
  // Fail early on a generator bug rather than in the build.
  JSON.parse(readFileSync(out, 'utf8'));
}
