#!/usr/bin/env node
/**
 * Writes a deterministic synthetic catalogue of N courses, for scale tests and benchmarks:
 *   node scripts/tools/synth-catalogue.mjs 300 .synthetic/courses-300.json
 * and beside it its instructors and reviews (companionFiles), which a build reads with
 * INSTRUCTORS=… REVIEWS=… (package.json's build:synthetic). The same N always gives the same files, and every record meets lib/schema.ts.
 * Courses spread over the shipped categories (python the most, so that it has many pages), varied
 * in every field a page shows; every third course's cover is one of PHOTOS, 1600×900 JPEGs as a
 * shop's come (writePhotos, into the git-ignored public/images/synthetic/), so that every synthetic
 * build runs the photo pipeline (build/images.ts). synthesizePeople() gives most creators
 * an instructor record, and the courses REVIEWS_PER_COURSE written reviews on average (a fifth none,
 * one in POPULAR_EVERY more than a page), rated from each course's rating_breakdown.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ratingBreakdown, variantOf } from './rating-breakdown.mjs';

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

/** The creator of every fourth python course: an instructor whose page has pages. */
export const PROLIFIC_INSTRUCTOR = 'Ingrid Solberg';

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
      const course = {
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
        // A Shopify variant id and a Paddle price id, for a build that sells through either (build:synthetic
        // sells through Shopify); drawn from no random stream.
        checkout: {
          shopify: String(40_000_001 + courses.length),
          paddle: `pri_${String(courses.length + 1).padStart(26, '0')}`,
        },
      };
      // Every fourth python course is the prolific instructor's (after the draw: the others stay as
      // they were), so that an instructor page has pages of its own (30 courses at 300).
      if (category === 'python' && n % 4 === 0) course.creator = PROLIFIC_INSTRUCTOR;
      // From the count and rating alone: the generator's draws, and so every other field, are as before.
      const breakdown = ratingBreakdown(course.rating_count, course.rating_star, variantOf(course.id));
      courses.push(breakdown ? { ...course, rating_breakdown: breakdown } : course);
    }
  }
  return courses;
}

/** Written reviews a synthetic course has on average (a fifth none, a few popular ones over a hundred). */
export const REVIEWS_PER_COURSE = 20;

/** Every this many courses, one is popular: 60 to 140 written reviews (pages of each star's, too). */
export const POPULAR_EVERY = 50;

/** The share of the other courses with no written review yet. */
export const WITHOUT_REVIEWS = 0.2;

/** The newest date a synthetic review carries: fixed, so that the same N gives the same files. */
export const REVIEWS_UNTIL = '2026-11-25';

const HEADLINES = [
  '{c} instructor and practising engineer',
  'Teaches {c} to working professionals',
  '{c} consultant, trainer and author',
  'Senior developer who teaches {c} on weekends',
  '{c} lead and mentor',
];
const BIO = [
  '{n} has worked with {c} for more than ten years, in start-ups and in large companies, and has taught it to thousands of students online.',
  'Their courses are built around real projects: every section ends with something you can run, and every exercise comes with a worked solution.',
  'Before teaching full time, {n} led a team that shipped {c} work for clients in retail, health and finance, and still consults for a few of them.',
  'Outside work, {n} organises a local meet-up and answers course questions personally.',
];
const AUTHORS_LAST = 'ABCDEFGHIJKLMNOPRSTVWYZ';
/** Sentences by the review's stars: praise for 4–5, mixed for 3, complaints for 1–2. */
const SENTENCES = {
  good: [
    'The {t} section was exactly what I needed for work.',
    'Clear explanations and well-paced lessons on {t}.',
    'I finally understand {t} after trying two other courses.',
    'The exercises are practical and the solutions explain every step.',
    'Great instructor: patient, precise and never boring.',
    'The final project tied everything together nicely.',
    'I use what I learned about {t} every day now.',
    'Well organised, and the examples feel like real work rather than toy problems.',
  ],
  mixed: [
    'Good content on {t}, but some videos feel dated.',
    'The first half is excellent; the second half rushes through {t}.',
    'Useful overall, though the audio could be better in places.',
    'I expected more depth on {t} for the price.',
    'Some exercises have no worked solution, which made them hard to check.',
  ],
  bad: [
    'Too basic for me, and the {t} part is mostly slides read aloud.',
    'Several examples no longer work with current versions of the tools.',
    'The course description promised much more {t} than it covers.',
    'Questions in the Q&A go unanswered for weeks.',
    'Hard to follow: the instructor skips steps and the code on screen is too small.',
  ],
};

/** A review's longest text (lib/schema.ts). */
const MAX_REVIEW_LENGTH = 5000;

/** `paragraphs` copies of `paragraph`, as many as fit in MAX_REVIEW_LENGTH. */
function longText(paragraph, paragraphs) {
  let text = paragraph;
  for (let count = 1; count < paragraphs && text.length + 2 + paragraph.length <= MAX_REVIEW_LENGTH; count += 1) {
    text += `\n\n${paragraph}`;
  }
  return text;
}

/**
 * Companions of a synthetic catalogue: an instructor record for most creators (every seventh
 * goes without, as a shop's would, and shows a monogram and no bio) and written reviews. Only the
 * courses decide them, so the same catalogue always gives the same people.
 * @param {ReturnType<typeof synthesize>} courses
 */
export function synthesizePeople(courses) {
  const next = random(courses.length * 104729 + 7);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const fill = (text, values) => text.replace(/\{(\w)\}/g, (_, key) => values[key]);

  const firstCourse = new Map();
  for (const course of courses) if (!firstCourse.has(course.creator)) firstCourse.set(course.creator, course);
  const instructors = [];
  let index = 0;
  for (const [name, course] of firstCourse) {
    index += 1;
    if (index % 7 === 0) continue;
    const values = { n: name, c: course.category };
    const paragraphs = 1 + Math.floor(next() * 3);
    instructors.push({
      name,
      headline: fill(pick(HEADLINES), values).replace(/^./, (letter) => letter.toUpperCase()),
      bio: Array.from({ length: paragraphs }, (_, paragraph) => fill(BIO[paragraph], values)),
      // Every third record has a photo (one of the covers' photos, cropped square by the pipeline).
      ...(index % 3 === 1 ? { image: PHOTOS[Math.floor(index / 3) % PHOTOS.length] } : {}),
    });
  }

  const until = Date.parse(`${REVIEWS_UNTIL}T00:00:00Z`);
  const reviews = [];
  for (const [position, course] of courses.entries()) {
    const topic = TOPICS[course.category].find((name) => course.course_name.includes(name)) ?? course.category;
    // As a shop's are: one course in POPULAR_EVERY has three to seven times the average (more than
    // a page of them); of the rest a share has none yet (new courses), and the others 1 to 45.
    const popular = position % POPULAR_EVERY === POPULAR_EVERY - 1;
    const draw = next();
    const count = popular
      ? 3 * REVIEWS_PER_COURSE + Math.floor(draw * (4 * REVIEWS_PER_COURSE + 1))
      : draw < WITHOUT_REVIEWS
        ? 0
        : 1 + Math.floor(((draw - WITHOUT_REVIEWS) / (1 - WITHOUT_REVIEWS)) * (2 * REVIEWS_PER_COURSE + 5));
    const breakdown = course.rating_breakdown ?? [1, 0, 0, 0, 0];
    const total = breakdown.reduce((sum, value) => sum + value, 0) || 1;
    for (let review = 0; review < count; review += 1) {
      // Stars as the course's own ratings fall.
      let draw = next() * total;
      let position = 0;
      while (position < 4 && draw >= breakdown[position]) draw -= breakdown[position++];
      const rating = 5 - position;
      const kind = rating >= 4 ? 'good' : rating === 3 ? 'mixed' : 'bad';
      // Mostly one to four different sentences; one review in fifty is long (paragraphs of them),
      // for the pages' clamping.
      const pool = SENTENCES[kind].map((sentence) => fill(sentence, { t: topic }));
      const start = Math.floor(next() * pool.length);
      const ordered = [...pool.slice(start), ...pool.slice(0, start)];
      const text =
        next() < 0.02
          ? longText(ordered.join(' '), 3 + Math.floor(next() * 10))
          : ordered.slice(0, 1 + Math.floor(next() * 4)).join(' ');
      reviews.push({
        course: course.id,
        author: `${pick(FIRST)} ${pick([...AUTHORS_LAST])}.`,
        rating,
        date: new Date(until - Math.floor(next() * 900) * 86_400_000).toISOString().slice(0, 10),
        text,
      });
    }
  }
  return { instructors, reviews };
}

/**
 * Where the instructors and reviews of the catalogue at `out` go: beside it, named after it
 * (.synthetic/courses-300.json: .synthetic/courses-300.instructors.json and …reviews.json).
 * @param {string} out
 */
export function companionFiles(out) {
  const stem = out.replace(/\.json$/i, '');
  return { instructors: `${stem}.instructors.json`, reviews: `${stem}.reviews.json` };
}

/**
 * Writes the synthetic catalogue of `total` courses to `out` and its instructors and reviews
 * beside it (companionFiles). Returns what it wrote.
 * @param {number} total @param {string} out @param {string} [root]
 */
export function writeSynthetic(total, out, root = process.cwd()) {
  const courses = synthesize(total, root);
  const { instructors, reviews } = synthesizePeople(courses);
  const files = { courses: out, ...companionFiles(out) };
  mkdirSync(path.dirname(path.resolve(root, out)), { recursive: true });
  writeFileSync(path.resolve(root, files.courses), `${JSON.stringify(courses)}\n`);
  writeFileSync(path.resolve(root, files.instructors), `${JSON.stringify(instructors)}\n`);
  writeFileSync(path.resolve(root, files.reviews), `${JSON.stringify(reviews)}\n`);
  return { files, courses, instructors, reviews };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const total = Number(process.argv[2]);
  const out = process.argv[3];
  if (!Number.isInteger(total) || total < 6 || !out) {
    console.error(
      'usage: node scripts/tools/synth-catalogue.mjs N OUT.json   (N ≥ 6, one course per category at least)',
    );
    process.exit(2);
  }
  await writePhotos();
  const { files, courses, instructors, reviews } = writeSynthetic(total, out);
  const perCategory = new Map();
  for (const course of courses) perCategory.set(course.category, (perCategory.get(course.category) ?? 0) + 1);
  console.log(
    `${out}: ${courses.length} courses (${[...perCategory].map(([name, count]) => `${name} ${count}`).join(', ')})`,
  );
  console.log(`${files.instructors}: ${instructors.length} instructors`);
  console.log(`${files.reviews}: ${reviews.length} reviews`);
  // Fail early on a generator bug rather than in the build.
  for (const file of Object.values(files)) JSON.parse(readFileSync(file, 'utf8'));
}
