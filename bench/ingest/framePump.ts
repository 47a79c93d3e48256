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
