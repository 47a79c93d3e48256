/**
 * The ingest ceiling with one event per frame (figure 3's note): a worker that opens the websocket
 * without batched frames and only counts the messages Chromium hands it, reporting the count every
 * 16 ms like a diff would. Nothing is parsed or applied, so its rate is what this browser on this
 * machine can deliver to any worker as single-event frames: why the fleet worker asks for batched
 * frames (docs/protocol.md).
 */
const scope = globalThis as unknown as { postMessage(message: unknown): void; onmessage: ((event: MessageEvent<{ wsUrl: string }>) => void) | null };

/** Reports a count at most every 16 ms (one animation frame), as the real pipeline posts diffs. */
const REPORT_MS = 16;

scope.onmessage = (event) => {
  let count = 0;
  const socket = new WebSocket(event.data.wsUrl);
  socket.onopen = () => scope.postMessage({ open: true });
  socket.onmessage = () => {
    count += 1;
  };
  setInterval(() => {
    if (count === 0) return;
    scope.postMessage({ events: count });
    count = 0;
  }, REPORT_MS);
};
