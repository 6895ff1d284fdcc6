#!/usr/bin/env node
/**
 * Valid HTML: the W3C Nu HTML Checker (vnu-jar, needs Java) over every exported HTML page.
 *
 *   node scripts/check-html.mjs [outDir=out]
 *
 * One JVM run checks the whole folder. Errors fail the check; warnings are printed only.
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
const errors = messages.filter((message) => message.type === 'error' || message.type === 'non-document-error');
const warnings = messages.filter((message) => message.type === 'info' && message.subType === 'warning');
const pages = readdirSync(outDir, { recursive: true }).filter((file) => String(file).endsWith('.html')).length;

for (const message of warnings) console.warn(`warning ${where(message)} ${message.message}`);
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
console.log(`HTML check: OK, no errors in ${folder}/ (${pages} pages, ${warnings.length} warnings), ${seconds} s.`);
