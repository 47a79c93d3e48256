/**
 * The fleet Web Worker entry (issue 4 item 1): wires the browser's WebSocket, fetch, timers,
 * clock, random and animation frames into createFleetService (workers/fleetService.ts, where all
 * the logic lives) and exposes it with Comlink. One diff per animation frame reaches the UI
 * through `onDiff`, a Comlink proxy: the worker awaits its answer before posting the next one
 * (back-pressure), and big unit sets are transferred, not copied.
 */
import * as Comlink from 'comlink';
import type { UnitAlertSettings } from '../src/domain/units/alertSettings.ts';
import type { ButtonTransitionState, TransitionButton } from '../src/domain/units/interface.ts';
import type { Topic } from '../src/protocol/ops.ts';
import type { DiffAnswer, FleetDiff } from './pipeline/diff.ts';
import { systemClock, systemTimers } from './sources/clock.ts';
import type { ConnectOptions, DiffListener } from './fleetService.ts';
import { createFleetService } from './fleetService.ts';
import type { ReplayCommand, ReplayOpenResult, ReplayPosition } from './sources/replayState.ts';

/** ~60 frames per second where the worker has no requestAnimationFrame (ms). */
const FALLBACK_FRAME_MS = 16;

type FrameScope = { requestAnimationFrame?: (callback: () => void) => number };
const scope = globalThis as unknown as FrameScope;

const service = createFleetService({
  WebSocket: globalThis.WebSocket,
  fetch: (url, init) => globalThis.fetch(url, init),
  clock: systemClock,
  timers: systemTimers,
  random: Math.random,
  requestFrame:
    typeof scope.requestAnimationFrame === 'function'
      ? (callback) => void scope.requestAnimationFrame?.(() => callback())
      : (callback) => void setTimeout(callback, FALLBACK_FRAME_MS),
});

/** The UI's diff callback (a Comlink proxy); its answer may hand the patches buffer back (DiffAnswer). */
type UiDiffCallback = (diff: FleetDiff) => Promise<DiffAnswer> | DiffAnswer;

/** Big unit sets are transferred, not cloned. */
function transferring(onDiff: UiDiffCallback): DiffListener {
  return (diff, transfer) => onDiff(transfer.length > 0 ? Comlink.transfer(diff, transfer) : diff);
}

const api = {
  /** `onDiff` must be wrapped with Comlink.proxy by the caller (src/fleet/client.ts does). */
  connect(options: ConnectOptions, onDiff: UiDiffCallback): void {
    service.connect(options, transferring(onDiff));
  },
  /** Replay (issue 6 item 3): `input` is best transferred (Comlink.transfer) by the caller; callbacks are Comlink proxies. */
  openReplay(
    input: string | ArrayBuffer,
    name: string,
    onDiff: UiDiffCallback,
    onState: (position: ReplayPosition) => Promise<void> | void,
  ): ReplayOpenResult {
    return service.openReplay(input, name, transferring(onDiff), (position) => {
      Promise.resolve(onState(position)).catch(() => undefined); // the page may be gone: nothing to tell
    });
  },
  replayCommand: (command: ReplayCommand): void => service.replayCommand(command),
  /** Back to live; the live diffs go to `onDiff` (a Comlink proxy), the UI's new session. */
  closeReplay: (onDiff: UiDiffCallback): boolean => service.closeReplay(transferring(onDiff)),
  disconnect: (): void => service.disconnect(),
  setView: (viewId: string, topics: Topic[]): void => service.setView(viewId, topics),
  releaseView: (viewId: string): void => service.releaseView(viewId),
  setBatchSize: (size: number): void => service.setBatchSize(size),
  /** The unit list painted its first rows (issue 15 item 3): the worker loads its fleet now, not beside that paint. */
  presentedPainted: (): void => service.presentedPainted(),
  /** The page read a view it does not have yet (pipeline/firstViews.ts): the rest of the snapshot's views now. */
  presentedViewsWanted: (): void => service.presentedViewsWanted(),
  setAlertSettings: (settings: UnitAlertSettings): void => service.setAlertSettings(settings),
  beginTransition: (unitId: string, button: TransitionButton, state: ButtonTransitionState): void =>
    service.beginTransition(unitId, button, state),
  endTransition: (unitId: string, button: TransitionButton): void => service.endTransition(unitId, button),
  selectUnit: (unitId: string) => service.selectUnit(unitId),
  setVirtualChannel: (unitId: string, name: string, intervalMs: number) => service.setVirtualChannel(unitId, name, intervalMs),
};

export type FleetApi = typeof api;

Comlink.expose(api);
