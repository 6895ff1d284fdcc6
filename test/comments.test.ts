/**
 * @jest-environment node
 *
 * Comments that last (issue 46): short, saying why, and no measured figures. A timing, a size or
 * a ratio measured on one machine goes stale in the code; it belongs in docs/performance.md
 * ('Figures behind the code'), which keeps today's figures with their method. A pointer there
 * names its section, and the section must exist.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');

/**
 * Longest comment block, in lines from its first to its last: ten lines of prose inside a JSDoc's
 * opening and closing lines. That holds a why, its one figure's pointer and an example; what runs
 * longer retells docs or history, and pushes the code it explains off the screen.
 */
const MAX_BLOCK_LINES = 12;

/**
 * A block's length as a reader meets it. A JSDoc `@typedef` is the type a .mjs file would write in
 * TypeScript: its tags are code, a field a line, and only the prose before them counts.
 */
export function proseLines(block: Block): number {
  if (!/@typedef\b/.test(block.text)) return block.lines;
  return block.text.split('\n').findIndex((line) => /^\s*\*\s*@/.test(line)) + 1;
}

/**
 * Temporary pending list: being edited on another branch, which may rewrite or remove their long
 * blocks. Drop each entry once that branch lands, and fix what the check then finds.
 */
const PENDING = new Set<string>([]);

/*
 * A figure is a number with a unit of time, size or ratio. The check cannot know whether a machine
 * produced it, so a comment says which it is by how it is phrased: a rule the code enforces is a
 * bound or a setting ('at most 200 KB', 'within 150 ms', 'after 1 s'); an example of output is
 * quoted or drawn with an arrow; a fact from a standard or a tool is listed in FACTS with its
 * source. Anything else reads as a measurement, and fails. A unit test's comments are exempt from
 * this part: their figures are the test's own inputs, written beside them.
 */
const UNIT = String.raw`\s?(?:ms|sec|seconds?|min|minutes?|hours?|bytes?|B|KB|kB|KiB|MB|MiB|GB)\b|\s[sh]\b|[×x](?![\d\w])|%`;
const FIGURE = new RegExp(String.raw`(?<![\w.,-])\d[\d,.]*(?:[–-]\d[\d,.]*)?(?:${UNIT})`, 'g');
/** Words that make the figure after them a bound or a setting the code holds to. */
const BOUND =
  /(?:at most|at least|at the latest|up to|under|within|below|above|over|past|beyond|more than|less than|fewer than|no more than|after|every|slow(?:ed|s)(?: the CPU)?|≤|≥|<|>|±)\s*(?:\S+\s+){0,3}$|\bfirst\s+$/i;
/** Words after a figure that make it a setting: a discount, a zoom level, a delay, a budget. */
const SETTING_AFTER = /^\s*(?:off|zoom|later|or more|or less|budget|limit|goal)\b/;
/** Facts of standards, tools and generators, where they are cited: [path or folder, text on the line], each with its source. */
const FACTS: [string, RegExp][] = [
  // RFC 6928: a first flight of 10 segments of 1,460 bytes.
  ['scripts/check/first-round-trip.mjs', /10 segments of 1,460 bytes|RFC 6928|14,600 bytes/],
  // V8's default young generation, the figure the setting departs from.
  ['config/build-workers.mjs', /V8's default \(16 MB\)/],
  // Lighthouse's presets and its BenchmarkIndex table (its docs/throttling.md); RAIL's 50 ms long task, TBT's definition.
  ['scripts/perf/lighthouse-throttling.mjs', /slows the CPU 4×|4× a|→ \d×|1× more per 233 points/],
  ['scripts/perf/', /4× whatever CPU|50 ms|30% (?:of which is )?TBT|1\.75× (?:phone|wants)/],
  // Device pixel ratios the design sizes images for.
  ['build/images.ts', /phone card at 2×/],
  // base64url: four characters for three bytes.
  ['build/page.ts', /9 bytes in base64url/],
  // What the synthetic catalogue's generator makes, the same bytes on every machine.
  ['scripts/tools/synth-catalogue.mjs', /430–510 KB|2 to 18 hours|2–25 minutes/],
  ['scripts/bench/photos.mjs', /430–510 KB/],
  ['e2e/images.synthetic.spec.ts', /430–510 KB/],
];

type Block = { file: string; line: number; lines: number; text: string };

/** Every comment in a source file, consecutive `//` lines joined into one block. */
export function commentBlocks(file: string, source: string): Block[] {
  const blocks: Block[] = [];
  const lineOf = (pos: number) => source.slice(0, pos).split('\n').length;
  let ranges: ts.CommentRange[];
  if (file.endsWith('.css')) {
    ranges = [...source.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({
      pos: m.index,
      end: m.index + m[0].length,
      kind: ts.SyntaxKind.MultiLineCommentTrivia,
    }));
  } else {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
    const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
    const found = new Map<number, ts.CommentRange>();
    const add = (list: ts.CommentRange[] | undefined) => list?.forEach((range) => found.set(range.pos, range));
    // Every token's leading and trailing trivia: the parser, not a regex, tells a comment from a string.
    const visit = (node: ts.Node) => {
      add(ts.getLeadingCommentRanges(source, node.pos));
      add(ts.getTrailingCommentRanges(source, node.end));
      node.getChildren(sourceFile).forEach(visit);
    };
    visit(sourceFile);
    ranges = [...found.values()].sort((a, b) => a.pos - b.pos);
  }
  for (const range of ranges) {
    const text = source.slice(range.pos, range.end);
    const line = lineOf(range.pos);
    const lines = text.split('\n').length;
    const last = blocks.at(-1);
    const single = range.kind === ts.SyntaxKind.SingleLineCommentTrivia;
    if (
      single &&
      last?.text.startsWith('//') &&
      last.line + last.lines === line &&
      /^\s*$/.test(source.slice(source.lastIndexOf('\n', range.pos - 1) + 1, range.pos))
    ) {
      last.lines += 1;
      last.text += `\n${text}`;
    } else {
      blocks.push({ file, line, lines, text });
    }
  }
  return blocks;
}

/** A comment's prose on one line: its markers gone, so that a figure or its bound may span lines. */
export function prose(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*(?:\/\/+|\/\*+|\*\/|\*(?!\/))?/, '')
        .replace(/\*+\/\s*$/, '')
        .trim(),
    )
    .join(' ');
}

/** The figures in a comment's prose that read as measured: neither a bound, an example nor a listed fact. */
export function measuredFigures(file: string, text: string): string[] {
  const spans = (pattern: RegExp) =>
    [
      ...text.matchAll(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`)),
    ].map((m): [number, number] => [m.index, m.index + m[0].length]);
  const facts = FACTS.filter(([where]) => (where.endsWith('/') ? file.startsWith(where) : file === where)).flatMap(
    ([, pattern]) => spans(pattern),
  );
  const quoted = spans(/(?<!\w)'[^']*'(?!\w)|"[^"]*"|`[^`]*`/);
  const measured: string[] = [];
  let previous: { end: number; measured: boolean } | undefined;
  for (const m of text.matchAll(FIGURE)) {
    const before = text.slice(0, m.index);
    const after = text.slice(m.index + m[0].length);
    const inside = (list: [number, number][]) => list.some(([start, end]) => m.index >= start && m.index < end);
    const isMeasured =
      previous && /^\s*(?:,|and|or|, and)\s*$/.test(text.slice(previous.end, m.index))
        ? previous.measured // a list ('after 1 s, 2 s, 3 s') is what its first figure is
        : !inside(quoted) &&
          !inside(facts) &&
          !/→\s*$/.test(before) &&
          !/^\s*→/.test(after) &&
          !BOUND.test(before) &&
          !SETTING_AFTER.test(after);
    if (isMeasured) measured.push(m[0]);
    previous = { end: m.index + m[0].length, measured: isMeasured };
  }
  return measured;
}

const SCOPE = /^(?:app|components|lib|config|sw|scripts|e2e|test)\/|^[^/]+\.config\.[a-z]+$|^jest\.setup\.ts$/;
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => SCOPE.test(file) && /\.(ts|tsx|mjs|cjs|js|css)$/.test(file) && !file.endsWith('.d.ts'));
const isUnitTest = (file: string) => /\.test\.tsx?$/.test(file);
const blocks = sources
  .filter((file) => !PENDING.has(file))
  .flatMap((file) => commentBlocks(file, readFileSync(path.join(ROOT, file), 'utf8')));

describe('comments', () => {
  it('reads every comment of the project', () => {
    expect(sources.length).toBeGreaterThan(300);
    expect(blocks.length).toBeGreaterThan(1500);
  });

  it('carry no measured figure: rules, examples and cited facts only', () => {
    const found = blocks
      .filter((block) => !isUnitTest(block.file))
      .flatMap((block) => {
        const figures = measuredFigures(block.file, prose(block.text));
        return figures.length ? [`${block.file}:${block.line}: ${figures.join(', ')}`] : [];
      });
    expect(found).toEqual([]);
  });

  it('point into docs/performance.md by the name of a section it has', () => {
    const headings = readFileSync(path.join(ROOT, 'docs/performance.md'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('#'))
      .map((line) => line.replace(/^#+\s*/, ''));
    const pointers = blocks.flatMap((block) =>
      [...prose(block.text).matchAll(/docs\/performance\.md([^)]*)/g)].map((m) => ({
        where: `${block.file}:${block.line}`,
        names: [...(m[1] ?? '').matchAll(/'([^']+)'|"([^"]+)"/g)].map((name) => name[1] ?? name[2] ?? ''),
      })),
    );
    expect(pointers.length).toBeGreaterThan(20);
    expect(pointers.filter(({ names }) => names.length === 0).map(({ where }) => `${where}: names no section`)).toEqual(
      [],
    );
    expect(
      pointers.flatMap(({ where, names }) =>
        names
          .filter((name) => !headings.some((heading) => heading.startsWith(name)))
          .map((name) => `${where}: '${name}'`),
      ),
    ).toEqual([]);
  });

  it(`run no longer than ${MAX_BLOCK_LINES} lines a block`, () => {
    expect(
      blocks
        .filter((block) => proseLines(block) > MAX_BLOCK_LINES)
        .map((block) => `${block.file}:${block.line}: ${proseLines(block)} lines`),
    ).toEqual([]);
  });

  it('the check fails on what it is meant for', () => {
    const figures = (line: string) => measuredFigures('lib/example.ts', line);
    // Measurements: a timing, a size, a ratio, whatever the phrasing.
    expect(figures(' * Indexing 2,000 courses took 8 s on this machine.')).toEqual(['8 s']);
    expect(figures(' * a task of 100 ms on a slow phone')).toEqual(['100 ms']);
    expect(figures('// the runtime (4 KB gzipped) is added later')).toEqual(['4 KB']);
    expect(figures(' * the first flight is 14,600 bytes; the page was 1.9× slower')).toEqual(['14,600 bytes', '1.9×']);
    expect(figures(' * about 60 MB, 12% faster, 3–4 s of 65 s')).toEqual(['60 MB', '12%', '3–4 s', '65 s']);
    // Rules, settings and examples.
    expect(figures(' * a page loads at most 200 KB, and updates within 300 ms of the click')).toEqual([]);
    expect(figures(' * fetched again after 1 s, 2 s, 3 s; ≤ 50 KB a change')).toEqual([]);
    expect(figures(" * '86% off, you save $78.00'; 45 → '45m'; LAUNCH15, 15% off")).toEqual([]);
    expect(figures(' * a 1600×900 cover; 2 × siblings + 5 slots; 10,000 courses')).toEqual([]);
    // A figure broken across lines is one figure, and so is its bound.
    expect(figures(prose('/*\n * the 21 it had were 86\n * bytes of Brotli\n */'))).toEqual(['86 bytes']);
    expect(figures(prose('// loads at most\n// 200 KB'))).toEqual([]);

    const long = `/**\n${' * why\n'.repeat(MAX_BLOCK_LINES - 1)} */`;
    expect(commentBlocks('lib/example.ts', `${long}\nexport const a = 1;\n`)[0]?.lines).toBe(MAX_BLOCK_LINES + 1);
    const typedef = (prose: number) =>
      commentBlocks(
        'lib/example.mjs',
        `/**\n${' * why\n'.repeat(prose)} * @typedef {object} A\n${' * @property {string} a\n'.repeat(20)} */\n`,
      )[0]!;
    expect(proseLines(typedef(2))).toBe(4); // its opening, its prose and its @typedef line
    expect(proseLines(typedef(MAX_BLOCK_LINES))).toBeGreaterThan(MAX_BLOCK_LINES);
    const run = '// why\n'.repeat(MAX_BLOCK_LINES + 1);
    expect(commentBlocks('lib/example.ts', `${run}export const a = '// not a comment';\n`)).toEqual([
      { file: 'lib/example.ts', line: 1, lines: MAX_BLOCK_LINES + 1, text: run.trimEnd() },
    ]);
  });
});
