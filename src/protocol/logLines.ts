/**
 * The blank-line rule of recorded logs (logFormat.ts: blank lines after the header are skipped), in
 * a module without effect for the replay summary's reader threads (replay/summaryWorker.ts).
 */

/** A blank line: only white space. */
export function isBlankLine(text: string): boolean {
  return text.trim() === '';
}
