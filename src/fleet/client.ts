/**
 * createFleetClient: starts the fleet worker, wraps it with Comlink, and feeds its diffs into a
 * FleetStore. The diff callback applies the diff to the signals and returns: Comlink answers the
 * worker's call only then, which is the worker's signal to post the next diff (back-pressure).
 *
 * After the maximum reconnects the worker reports `offline` with a jittered `reloadAt`; the client
 * reloads the page then (spec 001 §7).
 */
import * as Comlink from 'comlink';
import type { UnitAlertSettings } from '../domain/units/alertSettings.ts';
import type { ButtonTransitionState, TransitionButton } from '../domain/units/interface.ts';
import type { Topic } from '../protocol/ops.ts';
import type { FleetApi } from '../../workers/fleet.worker.ts';
import type { ConnectOptions } from '../../workers/fleetService.ts';
import type { FleetDiff } from '../../workers/pipeline/diff.ts';
import { channelTopic, unitTopic } from '../../workers/sources/subscriptions.ts';
import { FleetStore } from './store.ts';

export const LIVE_WS_PATH = '/luc/luc-core-web/ws';
export const REST_PATH = '/luc/luc-core-web/rest';

/** The websocket and REST addresses on the console's own origin (protocol.md "Transport"). */
export function endpointsFor(location: { protocol: string; host: string }): Pick<ConnectOptions, 'wsUrl' | 'restUrl'> {
  const secure = location.protocol === 'https:';
  return {
    wsUrl: `${secure ? 'wss' : 'ws'}://${location.host}${LIVE_WS_PATH}`,
    restUrl: `${location.protocol}//${location.host}${REST_PATH}`,
  };
}

/** What a view has on screen. */
export type VisibleSet = { readonly units?: readonly string[]; readonly channels?: readonly string[] };

export function topicsOf(visible: VisibleSet): Topic[] {
  return [...(visible.units ?? []).map(unitTopic), ...(visible.channels ?? []).map(channelTopic)];
}

export interface FleetClientOptions {
  /** A worker or Comlink endpoint (tests); default: the fleet worker. */
  endpoint?: Comlink.Endpoint & { terminate?: () => void };
  /** Page reload (default location.reload). */
  reload?: () => void;
  now?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
}

export interface FleetClient {
  readonly store: FleetStore;
  readonly api: Comlink.Remote<FleetApi>;
  /** Opens the stream of a group; endpoints default to the page's origin. */
  connect(options: Omit<ConnectOptions, 'wsUrl' | 'restUrl'> & Partial<Pick<ConnectOptions, 'wsUrl' | 'restUrl'>>): Promise<void>;
  /** Registers what view `viewId` shows; an empty set releases it. */
  setVisible(viewId: string, visible: VisibleSet): Promise<void>;
  releaseView(viewId: string): Promise<void>;
  beginTransition(unitId: string, button: TransitionButton, state: ButtonTransitionState): Promise<void>;
  setAlertSettings(settings: UnitAlertSettings): Promise<void>;
  dispose(): void;
}

export function createFleetClient(options: FleetClientOptions = {}): FleetClient {
  const endpoint = options.endpoint ?? new Worker(new URL('../../workers/fleet.worker.ts', import.meta.url), { type: 'module' });
  const api = Comlink.wrap<FleetApi>(endpoint);
  const store = new FleetStore();
  const now = options.now ?? (() => Date.now());
  const later = options.setTimeout ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const reload = options.reload ?? (() => globalThis.location?.reload());
  let reloadScheduled = false;

  const onDiff = (diff: FleetDiff): void => {
    store.apply(diff);
    const connection = diff.connection;
    if (connection?.phase === 'offline' && connection.reloadAt !== null && !reloadScheduled) {
      reloadScheduled = true;
      later(reload, Math.max(0, connection.reloadAt - now()));
    }
  };

  return {
    store,
    api,
    async connect(connectOptions) {
      const location = globalThis.location ?? { protocol: 'http:', host: 'localhost' };
      const endpoints = endpointsFor(location);
      await api.connect(
        { ...endpoints, ...connectOptions } as ConnectOptions,
        Comlink.proxy(onDiff) as unknown as (diff: FleetDiff) => void,
      );
    },
    setVisible: (viewId, visible) => api.setView(viewId, topicsOf(visible)),
    releaseView: (viewId) => api.releaseView(viewId),
    beginTransition: (unitId, button, state) => api.beginTransition(unitId, button, state),
    setAlertSettings: (settings) => api.setAlertSettings(settings),
    dispose() {
      void api.disconnect();
      api[Comlink.releaseProxy]();
      endpoint.terminate?.();
    },
  };
}
