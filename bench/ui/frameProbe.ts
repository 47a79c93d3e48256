/**
 * The probe the UI bench injects into the console page (Playwright addInitScript, before any of
 * the app's code runs): nothing of it ships with the console.
 *
 * - `start()` / `stop()`: a requestAnimationFrame loop records every frame's timestamp (the
 *   intervals between them are the frame intervals, ms) and a PerformanceObserver('longtask')
 *   the durations of long tasks (≥ 50 ms by the browser's definition) in between; `stop()` also
 *   gives the window's span on the page clock and the store's `luc:fleet-snapshot-filled` mark.
 * - `firstList()`: the app's marks `luc:fleet-snapshot` (src/fleet/store.ts: the snapshot diff
 *   reached the UI store) and `luc:unit-list-first-rows` (src/features/units/UnitTable.tsx: the
 *   table committed its first rows); "painted" is the first task after the next frame's
 *   requestAnimationFrame callbacks, i.e. after that frame's paint. ms from the snapshot mark
 *   (`appliedMs`: the store's `luc:fleet-snapshot-applied`, the end of decoding and applying it);
 *   null until the rows are there. Issue 15 item 3's figure: `fullPaintedMs`, from
 *   `luc:fleet-snapshot-bytes` (the snapshot's bytes in the worker) to the paint after
 *   `luc:unit-list-full-rows` (the full order committed), with the long tasks in between.
 */
export type FrameWindow = {
  intervals: number[];
  longTasks: number[];
  /** The window's start and end on the page's clock (performance.now(), ms). */
  fromMs: number;
  toMs: number;
  /**
   * The store's last `luc:fleet-snapshot-filled` mark (src/fleet/store.ts SNAPSHOT_FILLED_MARK: the
   * first snapshot's Map fill ended) as read at the window's end, page clock (ms); null: not ended
   * yet, or a checkout without the mark. Its 8 ms slices are long tasks on a loaded machine, so
   * where it fell says whether the fill overlapped the window (docs/performance.md §5f).
   */
  filledAtMs: number | null;
};

/** Where the first-snapshot fill ended against a window (ms from the window's start; "before" / "after" outside it). */
export function fillAgainstWindow(w: Pick<FrameWindow, 'fromMs' | 'toMs' | 'filledAtMs'>): string {
  if (w.filledAtMs === null) return 'fill not ended by its end';
  if (w.filledAtMs < w.fromMs) return `fill ended ${(w.fromMs - w.filledAtMs).toFixed(0)} ms before it`;
  if (w.filledAtMs > w.toMs) return 'fill not ended by its end';
  return `fill ended ${(w.filledAtMs - w.fromMs).toFixed(0)} ms into it`;
}

export const FRAME_PROBE = `(() => {
  const SNAPSHOT = 'luc:fleet-snapshot';
  const ROWS = 'luc:unit-list-first-rows';
  const APPLIED = 'luc:fleet-snapshot-applied';
  const BYTES = 'luc:fleet-snapshot-bytes';
  const FULL = 'luc:unit-list-full-rows';
  const FILLED = 'luc:fleet-snapshot-filled';
  let frames = null;
  let startedAt = 0;
  let longTasks = [];
  const allLongTasks = [];
  let painted = null;
  let fullPainted = null;
  const afterPaint = (set) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => set(performance.now());
    channel.port2.postMessage(null);
  });
  const mark = performance.mark.bind(performance);
  performance.mark = function (name, options) {
    const entry = mark(name, options);
    if (name === ROWS && painted === null) afterPaint((at) => { painted = at; });
    if (name === FULL && fullPainted === null) afterPaint((at) => { fullPainted = at; });
    return entry;
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) allLongTasks.push([entry.startTime, entry.duration]);
      if (frames === null) return;
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch (error) { /* no long task timing: reported as none */ }
  const loop = (time) => {
    if (frames === null) return;
    frames.push(time);
    requestAnimationFrame(loop);
  };
  window.__uiBench = {
    start() {
      frames = [];
      longTasks = [];
      startedAt = performance.now();
      requestAnimationFrame(loop);
    },
    stop() {
      const times = frames ?? [];
      frames = null;
      const intervals = [];
      for (let i = 1; i < times.length; i += 1) intervals.push(times[i] - times[i - 1]);
      const filled = performance.getEntriesByName(FILLED, 'mark').at(-1);
      return { intervals, longTasks, fromMs: startedAt, toMs: performance.now(), filledAtMs: filled === undefined ? null : filled.startTime };
    },
    firstList() {
      const snapshot = performance.getEntriesByName(SNAPSHOT, 'mark')[0];
      const rows = performance.getEntriesByName(ROWS, 'mark')[0];
      const full = performance.getEntriesByName(FULL, 'mark')[0];
      if (snapshot === undefined || rows === undefined || painted === null || full === undefined || fullPainted === null) return null;
      const applied = performance.getEntriesByName(APPLIED, 'mark')[0];
      const bytes = performance.getEntriesByName(BYTES, 'mark')[0];
      const from = bytes === undefined ? snapshot.startTime : bytes.startTime;
      return {
        appliedMs: applied === undefined ? null : applied.startTime - snapshot.startTime,
        committedMs: rows.startTime - snapshot.startTime,
        paintedMs: painted - snapshot.startTime,
        // issue 15 item 3: the snapshot's bytes in the worker → the first viewport painted with every row in order.
        bytesToStoreMs: snapshot.startTime - from,
        fullCommittedMs: full.startTime - from,
        fullPaintedMs: fullPainted - from,
        longTasks: allLongTasks.filter(([start, duration]) => start + duration > from && start < fullPainted).map(([, duration]) => duration),
        // The same long tasks as [start, duration] ms, start from the bytes mark (to place them against the marks).
        longTaskSpans: allLongTasks.filter(([start, duration]) => start + duration > from && start < fullPainted).map(([start, duration]) => [Math.round(start - from), Math.round(duration)]),
      };
    },
  };
})();`;
