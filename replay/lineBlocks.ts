/**
 * Line splitting for the Node log reader (replay/log.ts), with the rules of node:readline
 * (`crlfDelay: Infinity`), which the reader used before: a line ends at "\r\n", "\n" or a lone
 * "\r"; the text after the last line end is a line only when it is not empty.
 *
 * The reader hands over whole BLOCKS: the UTF-8 bytes of a file chunk up to and including its
 * last "\n" byte, decoded at once (0x0A never occurs inside a multi-byte UTF-8 character, so a
 * block never splits one; and "\r\n" never straddles two blocks, since a block ends with "\n").
 * One decode per piece of at most 64 KiB (replay/log.ts) instead of per line, and one string per line (a slice of the piece).
 */

import { isAscii } from 'node:buffer';

/** A line end of readline: "\r\n" first, then "\n", then a lone "\r". */
const LINE_END = /\r\n|\n|\r/g;
const NEWLINE = 0x0a;

/**
 * Calls `onLine` with each line of `text` that ends with a line end, in order, and returns the
 * index just past the last line end (the start of the unterminated rest, `text.length` when the
 * text ends with a line end).
 */
export function forEachLine(text: string, onLine: (line: string) => void): number {
  let start = 0;
  if (text.indexOf('\r') < 0) {
    // Fast path (every log the recorder writes): "\n" is the only line end.
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      onLine(text.slice(start, end));
      start = end + 1;
    }
    return start;
  }
  LINE_END.lastIndex = 0;
  for (let match = LINE_END.exec(text); match !== null; match = LINE_END.exec(text)) {
    onLine(text.slice(start, match.index));
    start = LINE_END.lastIndex;
  }
  return start;
}

/**
 * The lines of the text after the file's last "\n" (its end): the terminated ones, then the
 * unterminated rest when it is not empty. Empty when the file ends with "\n".
 */
export function tailLines(text: string): string[] {
  const lines: string[] = [];
  const rest = forEachLine(text, (line) => lines.push(line));
  if (rest < text.length) lines.push(text.slice(rest));
  return lines;
}

/**
 * The text of `bytes[start, end)` (UTF-8). ASCII bytes (the recorder writes JSON.stringify output
 * of ASCII ids and names) are decoded as latin1, which gives the same text about twice as fast as
 * the UTF-8 decoder.
 */
export function decodeBytes(bytes: Buffer, start: number, end: number): string {
  return isAscii(bytes.subarray(start, end)) ? bytes.toString('latin1', start, end) : bytes.toString('utf8', start, end);
}

/**
 * Calls `onLine` with each line of `bytes[start, end]` (`end` at a "\n" byte, included), decoded
 * in runs of at most `segmentBytes` whole lines (cut after a "\n"; a longer line is one run of its
 * own). Runs stay below V8's large-object size, so their strings are young-generation garbage
 * (docs/performance.md §1: a 1 MiB string per read brought on a full GC every few reads).
 */
export function forEachLineOfBytes(bytes: Buffer, start: number, end: number, segmentBytes: number, onLine: (line: string) => void): void {
  for (let from = start; from <= end; ) {
    let to = Math.min(end, from + segmentBytes - 1);
    if (to < end) {
      const before = bytes.lastIndexOf(NEWLINE, to);
      to = before >= from ? before : bytes.indexOf(NEWLINE, to);
    }
    forEachLine(decodeBytes(bytes, from, to + 1), onLine);
    from = to + 1;
  }
}
