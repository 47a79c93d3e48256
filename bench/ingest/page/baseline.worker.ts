/**
 * The ingest baseline (figure 3): the same service, live source and pipeline as
 * workers/fleet.worker.ts, but with no coalescing: the "frame" runs at once after every event and
 * the diff is posted without waiting for the page, so every event becomes its own diff.
 */
import { systemClock, systemTimers } from '../../../workers/sources/clock.ts';
import type { ConnectOptions } from '../../../workers/fleetService.ts';
import { createFleetService } from '../../../workers/fleetService.ts';

const service = createFleetService({
  WebSocket: globalThis.WebSocket,
  fetch: (url, init) => globalThis.fetch(url, init),
  clock: systemClock,
  timers: systemTimers,
  random: Math.random,
  requestFrame: (callback) => callback(),
});

const scope = globalThis as unknown as { postMessage(message: unknown, transfer: Transferable[]): void; onmessage: ((event: MessageEvent<{ connect: ConnectOptions }>) => void) | null };

scope.onmessage = (event) => {
  service.connect(event.data.connect, (diff, transfer) => {
    scope.postMessage(diff, transfer);
  });
};
