/**
 * The worker path's input as the Node ingest tools drive it (pipelineProfile.ts, pipelineAB.ts):
 * frames of `frameEvents` events handed to the session one by one, a diff built every `perFlush`
 * events, then two microtask turns (the UI's answer, after which the next diff may be built).
 */
export async function pumpFrames(
  frames: number,
  send: (index: number) => void,
  flush: () => void,
  frameEvents: number,
  perFlush: number,
): Promise<void> {
  let since = 0;
  for (let index = 0; index < frames; index += 1) {
    send(index);
    since += frameEvents;
    if (since >= perFlush) {
      flush();
      since = 0;
      await Promise.resolve();
      await Promise.resolve();
    }
  }
}

/**
 * Builds diffs until none is due: the snapshot's reset diff and, when it is split (10,000 units are
 * MAX_UNITS_PER_DIFF parts of whole views), every later part, so that the timed frames measure the
 * stream alone. Without it the first ~7 parts (8,500 whole views, ~10 % of the pass's CPU) fell
 * inside the timed part of both tools.
 */
export async function settle(flush: () => boolean): Promise<void> {
  // A part is built when the UI took the last one (a microtask after `deliver`); a 0 ms timer runs
  // after every such chained microtask, so each turn of the loop ends with the chain at rest.
  for (;;) {
    const built = flush();
    await new Promise((done) => setTimeout(done, 0));
    if (!built && !flush()) return;
  }
}
