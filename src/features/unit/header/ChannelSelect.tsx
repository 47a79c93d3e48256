import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChannelIds, useFleet } from '../../../fleet/hooks.ts';
import type { FleetStore } from '../../../fleet/store.ts';
import { selectChannel } from '../api/unitCalls.ts';
import { channelOptions, type KnownChannel } from '../model/channelOptions.ts';
import { useUnitAction } from '../useUnitPage.ts';

/**
 * The channels the user can see: those of the current group, which the fleet store holds with
 * their names from the REST snapshot (devices/fetch). A channel the store knows only from events
 * has no name and is not offered: the unit's channel then shows as "External" (channelOptions).
 */
export function knownChannels(store: FleetStore, ids: readonly string[]): KnownChannel[] {
  return ids.flatMap((id) => {
    const name = store.channelName(id);
    return name === undefined ? [] : [{ id, name }];
  });
}

/** knownChannels, re-read when a channel appears or goes. */
export function useKnownChannels(): KnownChannel[] {
  const { store } = useFleet();
  return knownChannels(store, useChannelIds());
}

/** Channel selection (LuSetVirtualChannel, spec 000 §7): the group's channels; "External" for one the user cannot see. */
export function ChannelSelect({ unitId, channelId, canOperate, busy }: { unitId: string; channelId: string | null; canOperate: boolean; busy: boolean }) {
  const { t } = useTranslation();
  const options = channelOptions(useKnownChannels(), channelId);
  const change = useUnitAction(unitId, (channel: string) => selectChannel(unitId, channel), 'unitPage.toast.channelSet');
  return (
    <Select
      aria-label={t('unitPage.channel.label')}
      placeholder={t('unitPage.channel.none')}
      data={options}
      value={channelId}
      w={240}
      disabled={!canOperate || busy || change.isPending}
      onChange={(value) => value !== null && value !== channelId && change.mutate([value])}
    />
  );
}
