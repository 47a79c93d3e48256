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

/** A line end of readline: "\r\n" first, then "\n", then a lone "\r". */
const LINE_END = /\r\n|\n|\r/g;

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
