// @ts-check
/**
 * The atomic build, end to end (npm run check:atomic): real `npm run build`s that must fail, each
 * into an export folder that holds a previous export. Each build must fail with a message that
 * names what is wrong, say that the previous export is untouched, and leave it and its manifest
 * byte for byte as they were, with no staging folder:
 *
 * - a catalogue record with a bad field: refused before `next build` starts;
 * - a course whose cover is not an image: refused late, by the adapter's image step, after
 *   `next build` has written the whole staging export.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireBuild } from '../build.mjs';

const { copyExport, filesNamed, hasManifest, manifestFile } = requireBuild();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const target = path.join(root, 'out-atomic');
const catalogue = path.join(root, '.cache/atomic/courses-bad.json');
/** The corrupt cover: under public/ (the catalogue's images must be), for this check's build only. */
const corruptCover = '/images/courses/check-atomic-corrupt.jpg';

/** Every file of an export with its bytes, and its manifest beside it. @param {string} dir */
const snapshot = (dir) => [
  ...filesNamed(dir, '').map((file) => `${file}\n${readFileSync(path.join(dir, file), 'base64')}`),
  hasManifest(dir) ? readFileSync(manifestFile(dir), 'base64') : 'no manifest',
];

/**
 * Builds `courses` into out-atomic/ over a previous export; returns what went wrong ([] if none).
 * @param {unknown[]} courses @param {RegExp[]} messages what the build's output must say
 */
function expectFailedBuild(courses, messages) {
  for (const file of [target, manifestFile(target)]) rmSync(file, { recursive: true, force: true });
  mkdirSync(path.dirname(catalogue), { recursive: true });
  writeFileSync(catalogue, JSON.stringify(courses));
  // The previous export: a real one when there is one, or a stand-in.
  if (existsSync(path.join(root, 'out/index.html'))) copyExport(path.join(root, 'out'), target);
  else {
    mkdirSync(target);
    writeFileSync(path.join(target, 'index.html'), '<!DOCTYPE html><title>previous</title>');
  }
  const before = snapshot(target);
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    env: { ...process.env, CATALOGUE: catalogue, NEXT_DIST_DIR: 'out-atomic' },
    encoding: 'utf8',
  });
  const output = `${build.stdout}\n${build.stderr}`;
  const problems = [];
  if (build.status === 0) problems.push('the build passed');
  for (const message of [/the previous export in out-atomic\/ is untouched/, ...messages])
    if (!message.test(output)) problems.push(`the output does not match ${message}`);
  if (JSON.stringify(snapshot(target)) !== JSON.stringify(before)) problems.push('out-atomic/ or its manifest changed');
  if (existsSync(`${target}-staging`) || existsSync(manifestFile(`${target}-staging`)))
    problems.push('the half-built out-atomic-staging/ or its manifest is left');
  for (const file of [target, manifestFile(target)]) rmSync(file, { recursive: true, force: true });
  return { output, problems };
}

const courses = JSON.parse(readFileSync(path.join(root, 'data/courses.json'), 'utf8'));
const cases = [
  {
    name: 'a record with a bad field',
    courses: courses.map((course, index) => (index === 1 ? { ...course, discounted_price: 'free' } : course)),
    messages: [new RegExp(`course "${courses[1].id}".*discounted_price`)],
  },
  {
    name: 'a cover that is not an image',
    courses: courses.map((course, index) => (index === 2 ? { ...course, image: corruptCover } : course)),
    messages: [
      new RegExp(
        `public${corruptCover.replaceAll('.', '\\.')} \\(the cover of course "${courses[2].id}", shown by [^)]+\\): not an image the build can read`,
      ),
    ],
  },
];

const failed = [];
writeFileSync(path.join(root, 'public', corruptCover), 'these bytes are not a JPEG');
try {
  for (const { name, courses: catalogueCourses, messages } of cases) {
    const { output, problems } = expectFailedBuild(catalogueCourses, messages);
    if (problems.length)
      failed.push(`${name}:\n${output.split('\n').slice(-30).join('\n')}\n  ${problems.join('\n  ')}`);
    else console.log(`check:atomic: ${name}: the build failed, naming it, and left the previous export untouched`);
  }
} finally {
  rmSync(path.join(root, 'public', corruptCover), { force: true });
}
if (failed.length) {
  console.error(`\ncheck:atomic FAILED:\n${failed.join('\n\n')}`);
  process.exit(1);
}
console.log('check:atomic: OK');
