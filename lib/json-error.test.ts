import { describeJsonError, jsonErrorOffset, lineAndColumn } from './json-error';

function parseError(text: string): Error {
  try {
    JSON.parse(text);
  } catch (error) {
    return error as Error;
  }
  throw new Error(`${JSON.stringify(text)} parsed`);
}

describe('jsonErrorOffset', () => {
  it.each([
    '[]',
    '{}',
    ' [1, -2.5e+3, 0, true, false, null, "a\\"b\\u00e9\\n", {"k": [{}]}] ',
    '"\u2028"',
    '{"a":{"b":[1,{"c":"d"}]}}',
  ])('finds no fault in valid JSON %j', (text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(jsonErrorOffset(text)).toBeUndefined();
  });

  it.each([
    ['', 0],
    ['[1,]', 3],
    ['[1 2]', 3],
    ['{"a" 1}', 5],
    ['{a: 1}', 1],
    ["['a']", 1],
    ['[01]', 2],
    ['[1.]', 2],
    ['[-]', 1],
    ['["a\\x"]', 4],
    ['["\\u12g4"]', 4],
    ['["a\nb"]', 3],
    ['["open', 6],
    ['[1', 2],
    ['{"a":1} x', 8],
    ['[tru]', 1],
  ])('finds the fault in %j at offset %d', (text, offset) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(jsonErrorOffset(text)).toBe(offset);
  });
});

describe('lineAndColumn', () => {
  it('counts lines and columns from 1', () => {
    expect(lineAndColumn('abc', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd\nef', 7)).toEqual({ line: 3, column: 2 });
    expect(lineAndColumn('ab\r\ncd', 4)).toEqual({ line: 2, column: 1 });
  });
});

describe('describeJsonError', () => {
  it("gives the line and column, and JSON.parse's reason without its position or copy of the text", () => {
    const text = '[\n  {"id": "a"},\n  {"id": "b",}\n]';
    expect(describeJsonError(text, parseError(text))).toBe('line 3, column 14: Expected double-quoted property name');
    const stray = `[\n${'  1,\n'.repeat(1000)}  x\n]`;
    expect(describeJsonError(stray, parseError(stray))).toBe("line 1002, column 3: Unexpected token 'x'");
    expect(describeJsonError('[1,', parseError('[1,'))).toBe('line 1, column 4: Unexpected end of JSON input');
  });
});
