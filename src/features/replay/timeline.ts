/**
 * The replay timeline's geometry and labels (issue 6 item 3): log time ↔ x on a track of a given
 * width, the density histogram resampled to the bars the track has room for, and the time and
 * size texts. Pure: the canvas component (Timeline.tsx) only draws what these say.
 */

/** x (px from the track's left edge) of log time `ts` on a track of `width` px over [startTs, endTs]. */
export function xOfTime(ts: number, startTs: number, endTs: number, width: number): number {
  if (endTs <= startTs || width <= 0) return 0;
  const fraction = (ts - startTs) / (endTs - startTs);
  return Math.min(width, Math.max(0, fraction * width));
}

/** The log time at x (clamped to the track), rounded to the ms. */
export function timeOfX(x: number, startTs: number, endTs: number, width: number): number {
  if (endTs <= startTs || width <= 0) return startTs;
  const fraction = Math.min(1, Math.max(0, x / width));
  return Math.round(startTs + fraction * (endTs - startTs));
}

/**
 * The histogram in `bars` bars (each the sum of the bins it covers), so a narrow track still
 * shows every event; more bars than bins repeats nothing: bars ≤ bins.length.
 */
export function resampleDensity(density: readonly number[], bars: number): number[] {
  const count = Math.max(1, Math.min(Math.floor(bars), density.length));
  const out = new Array<number>(count).fill(0);
  density.forEach((value, i) => {
    const bar = Math.min(count - 1, Math.floor((i * count) / density.length));
    out[bar] = (out[bar] ?? 0) + value;
  });
  return out;
}

/** "2025-11-21 04:40:12.345 UTC": the log's own clock, never the viewer's time zone. */
export function formatLogTime(ts: number): string {
  return `${new Date(ts).toISOString().replace('T', ' ').replace('Z', '')} UTC`;
}

/** "8 min 0 s", "12.5 s", "2 h 3 min": the length of a log. */
export function formatSpan(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  const seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min ${seconds % 60} s`;
}

/** "635 KB", "1.2 MB", "980 B" (1 KB = 1,000 B). */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1_000)} KB`;
  return `${Math.round(bytes / 100_000) / 10} MB`;
}
