/**
 * The fleet worker's script, asked for ahead of the worker (issue 15 item 6; docs/performance.md
 * §7): signing in, the worker is created only once the shell, the first screen and the user's
 * groups are in (FleetConnection.tsx), and then waits for its own script (216 kB). Fetched by the
 * sign-in page while the user types (src/app/signInPrefetch.ts), the script is in the browser's cache by then (the server marks the
 * build's assets immutable, src/server/http/consoleStatic.ts), so the worker starts at once.
 * The URL is the same file `new Worker(new URL(…))` loads in client.ts (one build of the worker).
 */
import fleetWorkerUrl from '../../workers/fleet.worker.ts?worker&url';

/** Starts fetching the fleet worker's script into the HTTP cache; a failure only means the worker fetches it itself later. */
export function prefetchFleetWorker(): void {
  fetch(fleetWorkerUrl, { priority: 'low' }).then(
    (response) => response.arrayBuffer(),
    () => undefined,
  ).catch(() => undefined);
}
