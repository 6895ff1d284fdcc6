/*
 * Where a JSON text first goes wrong, as line and column, for build messages a shop can act on.
 * JSON.parse says 'at position 48213' at best, and for some faults ("Unexpected token 'x', ...")
 * no position at all, so the text is scanned again here, only once it has failed to parse.
 */

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

/** The offset of the first character at which `text` stops being JSON; undefined when it is JSON. */
export function jsonErrorOffset(text: string): number | undefined {
  let at = 0;

  const skipWhitespace = () => {
    while (WHITESPACE.has(text[at]!)) at += 1;
  };

  // Each reader returns false at the first fault, leaving `at` on it.
  const readString = (): boolean => {
    at += 1;
    while (at < text.length) {
      const char = text[at]!;
      if (char === '"') {
        at += 1;
        return true;
      }
      if (char < ' ') return false;
      if (char === '\\') {
        const escape = text[at + 1];
        if (escape === 'u') {
          HEX4.lastIndex = at + 2;
          if (!HEX4.test(text)) return ((at += 2), false);
          at += 6;
        } else if (escape !== undefined && ESCAPES.has(escape)) at += 2;
        else return ((at += 1), false);
      } else at += 1;
    }
    return false;
  };

  const readList = (close: ']' | '}', readItem: () => boolean): boolean => {
    at += 1;
    skipWhitespace();
    if (text[at] === close) return ((at += 1), true);
    for (;;) {
      if (!readItem()) return false;
      skipWhitespace();
      if (text[at] === close) return ((at += 1), true);
      if (text[at] !== ',') return false;
      at += 1;
      skipWhitespace();
    }
  };

  const readValue = (): boolean => {
    skipWhitespace();
    const char = text[at];
    if (char === '"') return readString();
    if (char === '[') return readList(']', readValue);
    if (char === '{') {
      return readList('}', () => {
        if (text[at] !== '"' || !readString()) return false;
        skipWhitespace();
        if (text[at] !== ':') return false;
        at += 1;
        return readValue();
      });
    }
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, at)) return ((at += word.length), true);
    }
    NUMBER.lastIndex = at;
    if (!NUMBER.test(text)) return false;
    at = NUMBER.lastIndex;
    return true;
  };

  if (!readValue()) return at;
  skipWhitespace();
  return at < text.length ? at : undefined;
}

/** 1-based line and column of an offset; a column counts characters from the start of its line. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/**
 * Why `text` is not JSON, with where: 'line 3, column 5: Unexpected token ...'. `error` is what
 * JSON.parse threw; its position and its copy of the text are left out, since the place is given.
 */
export function describeJsonError(text: string, error: Error): string {
  const reason = error.message
    .replace(/^(Unexpected token '.+?'), .* is not valid JSON$/s, '$1')
    .replace(/ in JSON at position \d+(?: \(line \d+ column \d+\))?$/, '');
  const offset = jsonErrorOffset(text);
  if (offset === undefined) return reason;
  const { line, column } = lineAndColumn(text, offset);
  return `line ${line}, column ${column}: ${reason}`;
}
