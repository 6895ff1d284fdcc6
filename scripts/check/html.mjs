#!/usr/bin/env node
/**
 * Valid HTML: the W3C Nu HTML Checker (vnu-jar, needs Java) over every exported HTML page, in one
 * JVM run. Errors fail the check; warnings are printed, each distinct one once with its count.
 *
 *   node scripts/check/html.mjs [outDir=out]
 *
 * Messages about the CSS in <style> are counted but do not fail it: the checker's bundled CSS
 * validator predates what Tailwind 4 emits and every current browser supports (@property, `mask`,
 * `margin-trim`, custom properties in `transition-property`). The markup is what this checks.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const jar = path.join(path.dirname(require.resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');
const outDir = path.resolve(process.argv[2] ?? 'out');

if (!existsSync(path.join(outDir, 'index.html'))) {
  console.error(`No export in ${path.relative(process.cwd(), outDir) || '.'}/: run \`npm run build\` first.`);
  process.exit(1);
}

const started = Date.now();
const java = spawnSync('java', ['-jar', jar, '--format', 'json', '--stdout', '--skip-non-html', outDir], {
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
});
if (java.error) {
  console.error(`Could not run Java (${java.error.message}); the checker needs a JRE, e.g. default-jre-headless.`);
  process.exit(1);
}

let messages;
try {
  ({ messages } = JSON.parse(java.stdout));
} catch {
  console.error(`The checker gave no report (exit ${java.status}):\n${java.stdout}${java.stderr}`);
  process.exit(1);
}

const where = (message) => {
  const file = message.url ? path.relative(outDir, new URL(message.url).pathname) : '?';
  return `${file}:${message.lastLine ?? message.firstLine ?? '?'}`;
};
const isCss = (message) => /^CSS: /.test(message.message ?? '');
const cssMessages = messages.filter(isCss);
const htmlMessages = messages.filter((message) => !isCss(message));
const errors = htmlMessages.filter((message) => message.type === 'error' || message.type === 'non-document-error');
const warnings = htmlMessages.filter((message) => message.type === 'info' && message.subType === 'warning');
const pages = readdirSync(outDir, { recursive: true }).filter((file) => String(file).endsWith('.html')).length;

// Grouped by their text with quoted names left out: a file:// check sees every URL of the CSP's
// 'self' as blocked, which would otherwise print one warning per image and script.
const warningCounts = new Map();
for (const message of warnings) {
  const text = message.message.replace(/“[^”]*”/g, '“…”');
  const seen = warningCounts.get(text);
  warningCounts.set(text, { count: (seen?.count ?? 0) + 1, first: seen?.first ?? where(message) });
}
for (const [text, { count, first }] of warningCounts) console.warn(`warning ×${count} (first: ${first}) ${text}`);
for (const message of errors) {
  const extract = message.extract ? `\n    ${message.extract.replace(/\s+/g, ' ').trim()}` : '';
  console.error(`error   ${where(message)} ${message.message}${extract}`);
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
const folder = path.relative(process.cwd(), outDir) || '.';
if (errors.length) {
  console.error(
    `\nHTML check FAILED: ${errors.length} error(s), ${warnings.length} warning(s), in ${pages} pages of ${folder}/, ${seconds} s.`,
  );
  process.exit(1);
}
console.log(
  `HTML check: OK, no errors in ${folder}/ (${pages} pages, ${warnings.length} warnings; ` +
    `${cssMessages.length} messages on the inlined CSS not counted), ${seconds} s.`,
);
