/**
 * React hooks over the FleetStore. Each hook subscribes to exactly one signal (a unit's version,
 * the counters, the connection state) through useSyncExternalStore, so it re-renders only that
 * component, with or without the signals Babel transform. Leaves that prefer reading `.value`
 * directly call `useSignals()` (from '@preact/signals-react/runtime') at their top and read
 * `store.unitVersion(id).value`.
 */
import { createContext, createElement, useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { Signal } from '@preact/signals-react';
import type { UnitCounters } from '../domain/units/counters.ts';
import type { ChannelView, ServerView, UnitView } from '../../workers/pipeline/diff.ts';
import type { ConnectionState } from '../../workers/sources/connectionState.ts';
import type { FleetClient, VisibleSet } from './client.ts';
import { channelLabel } from './store.ts';

const FleetContext = createContext<FleetClient | null>(null);

export function FleetProvider(props: { client: FleetClient; children?: ReactNode }) {
  return createElement(FleetContext.Provider, { value: props.client }, props.children);
}

export function useFleet(): FleetClient {
  const client = useContext(FleetContext);
  if (client === null) throw new Error('useFleet: no <FleetProvider> above this component');
  return client;
}

/** The current value of a signal; re-renders when it changes. */
export function useSignalValue<T>(source: Signal<T>): T {
  return useSyncExternalStore(
    (onChange) => source.subscribe(() => onChange()),
    () => source.peek(),
    () => source.peek(),
  );
}

/** One unit's view; re-renders only when that unit changes. */
export function useUnit(unitId: string): UnitView | undefined {
  const { store } = useFleet();
  useSignalValue(store.unitVersion(unitId));
  return store.unit(unitId);
}

/** One channel's view (name, version, status); re-renders only when that channel changes. */
export function useChannel(channelId: string | null | undefined): ChannelView | undefined {
  const { store } = useFleet();
  useSignalValue(store.channelVersion(channelId ?? ''));
  return channelId === null || channelId === undefined ? undefined : store.channel(channelId);
}

/** One media server's live status (server.status through the worker, issue 12); re-renders only when that server changes. */
export function useServerLive(serverId: string): ServerView | undefined {
  const { store } = useFleet();
  useSignalValue(store.serverVersion(serverId));
  return store.server(serverId);
}

/**
 * channelLabel of a unit's channel ("External" for one the user cannot see); re-renders only when
 * that channel's name changes, not on its status changes (~50 a frame at 60,000 events/s, which
 * re-rendered every row and tile of a changed channel for the same label).
 */
export function useChannelName(channelId: string | null | undefined): string | null {
  const { store } = useFleet();
  useSignalValue(store.channelNameVersion(channelId ?? ''));
  return channelLabel(channelId, channelId === null || channelId === undefined ? undefined : store.channelName(channelId));
}

/** The ids of every channel the store knows; re-renders when a channel appears or disappears. */
export function useChannelIds(): string[] {
  const { store } = useFleet();
  useSignalValue(store.channelMembership);
  return store.channelIds();
}

export function useCounters(): UnitCounters {
  return useSignalValue(useFleet().store.counters);
}

export function useConnection(): ConnectionState {
  return useSignalValue(useFleet().store.connection);
}

/** The connection when a fleet stream is above (the shell's pages), null elsewhere (e.g. the sign-in pages). */
export function useConnectionIfAny(): ConnectionState | null {
  const client = useContext(FleetContext);
  const subscribe = useCallback((onChange: () => void) => (client === null ? () => undefined : client.store.connection.subscribe(() => onChange())), [client]);
  const read = (): ConnectionState | null => client?.store.connection.peek() ?? null;
  return useSyncExternalStore(subscribe, read, read);
}

/** The ids of every unit; re-renders when a unit appears or disappears. */
export function useUnitIds(): string[] {
  const { store } = useFleet();
  useSignalValue(store.membership);
  return store.unitIds();
}

/**
 * Registers what a view shows for live subscriptions (unit and channel topics) while mounted;
 * the topics are unsubscribed when the view unmounts or shows something else.
 */
export function useVisibleSet(viewId: string, visible: VisibleSet): void {
  const client = useFleet();
  const key = JSON.stringify([visible.units ?? [], visible.channels ?? []]);
  useEffect(() => {
    void client.setVisible(viewId, visible);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `visible`
  }, [client, viewId, key]);
  useEffect(() => () => void client.releaseView(viewId), [client, viewId]);
}
