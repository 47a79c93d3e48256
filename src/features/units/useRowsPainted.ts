/**
 * Tells the fleet worker once, after the unit list's first paint with rows in their full order,
 * that the page has drawn them (issue 15 item 3, docs/performance.md §7j): the worker holds its own
 * fleet's load (unpack and model, 0.3–3 s of CPU at 10k–50k units) until then, so the load does not
 * take one of the 2 cores while the main thread draws the first list. A screen that never says it
 * (no list) is covered by the worker's timeout (PRESENTED_LOAD_TIMEOUT_MS in fleetPipeline.ts).
 */
import { useEffect, useRef } from 'react';

/**
 * Runs `work` after the next paint: a requestAnimationFrame callback runs just before the frame is
 * painted, so a task queued from it (setTimeout 0) runs after that paint. Returns the cancel.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
  };
}

/** Calls `painted` once per mount, after the paint of the first commit where `shown` is true. */
export function useRowsPainted(shown: boolean, painted: () => void): void {
  const told = useRef(false);
  useEffect(() => {
    if (!shown || told.current) return undefined;
    return afterNextPaint(() => {
      told.current = true;
      painted();
    });
  }, [shown, painted]);
}
