/**
 * Live channels for Manage Channels: the REST answer (channels/fetch: name, configuration, status
 * when it was read) with the worker's newer status for each (channel.status through the same path as
 * units: gateway → worker → FleetStore). The screen registers its channels as visible, so their
 * topics are subscribed while it is open; it re-renders when any of them changes.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { parseChannelStatus, type ChannelStatus } from '../../domain/channels.ts';
import type { ChannelDetails } from '../../protocol/rest/channels.ts';
import { useFleet, useVisibleSet } from '../../fleet/hooks.ts';

export interface LiveChannel extends ChannelDetails {
  /** The status now: the live one when the worker has heard of the channel, else the REST one. */
  readonly status: ChannelStatus;
}

export function useLiveChannels(channels: readonly ChannelDetails[]): LiveChannel[] {
  const { store } = useFleet();
  const ids = useMemo(() => channels.map((c) => c.id), [channels]);
  const key = ids.join('|');
  useVisibleSet('manage-channels', { channels: ids });
  const subscribe = useCallback(
    (onChange: () => void) => {
      const stops = ids.map((id) => store.channelVersion(id).subscribe(() => onChange()));
      return () => stops.forEach((stop) => stop());
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `ids`
    [store, key],
  );
  const snapshot = useCallback(() => ids.map((id) => store.channelVersion(id).peek()).join(','), [store, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const versions = useSyncExternalStore(subscribe, snapshot, snapshot);
  return useMemo(
    () =>
      channels.map((channel) => {
        const live = store.channel(channel.id)?.status;
        const status = live === undefined ? channel.status : (parseChannelStatus(live.status) ?? 'unavailable');
        const unitIds = live !== undefined && Array.isArray(live['unitIds']) ? (live['unitIds'] as string[]) : channel.unitIds;
        return { ...channel, status, unitIds };
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- versions says when the store changed
    [channels, versions, store],
  );
}
