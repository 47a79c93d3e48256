import { describe, expect, it } from 'vitest';
import { forEachLine, tailLines } from './lineBlocks.ts';

function linesOf(text: string): { lines: string[]; rest: number } {
  const lines: string[] = [];
  const rest = forEachLine(text, (line) => lines.push(line));
  return { lines, rest };
}

describe('forEachLine (readline line ends: \\r\\n, \\n, a lone \\r)', () => {
  it.each([
    ['', [], 0],
    ['a', [], 0],
    ['a\n', ['a'], 2],
    ['a\nb', ['a'], 2],
    ['a\n\nb\n', ['a', '', 'b'], 5],
    ['a\r\nb\r\n', ['a', 'b'], 6],
    ['a\rb\n', ['a', 'b'], 4],
    ['a\r\r\nb\n', ['a', '', 'b'], 6],
    ['a\n\r\n', ['a', ''], 4],
    ['a\r', ['a'], 2],
    ['\uFEFF{"x":1}\n', ['\uFEFF{"x":1}'], 9],
  ])('%j gives the lines %j and the rest at %i', (text, lines, rest) => {
    expect(linesOf(text)).toEqual({ lines, rest });
  });
});

describe('tailLines (the text after the last "\\n" of a file)', () => {
  it.each([
    ['', []],
    ['{"seq":3,"ts":17', ['{"seq":3,"ts":17']],
    ['a\rb', ['a', 'b']],
    ['a\r', ['a']],
    ['\r', ['']],
  ])('%j gives %j', (text, lines) => {
    expect(tailLines(text)).toEqual(lines);
  });
});
