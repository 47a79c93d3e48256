import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFleet } from '../../../fleet/hooks.ts';
import type { FleetStore } from '../../../fleet/store.ts';
import { selectChannel } from '../api/unitCalls.ts';
import { channelOptions, type KnownChannel } from '../model/channelOptions.ts';
import { useUnitAction } from '../useUnitPage.ts';

/** What a store may offer about channels beyond `channel(id)`: the list of ids, when it has one. */
type ChannelListing = { channelIds?: () => string[] };

/**
 * The group's channels as the fleet store knows them (the snapshot's channels of the current
 * group). The store lists them once it exposes `channelIds()`; until then only the unit's own
 * channel is known. A channel's name comes from its config when the server sends one.
 */
export function knownChannels(store: FleetStore, currentId: string | null): KnownChannel[] {
  const listing = (store as unknown as ChannelListing).channelIds;
  const ids = new Set(typeof listing === 'function' ? listing.call(store) : []);
  if (currentId !== null && ids.size === 0) ids.add(currentId);
  return [...ids].map((id) => {
    const name = store.channel(id)?.config?.['name'];
    return { id, name: typeof name === 'string' ? name : undefined };
  });
}

/** Channel selection (LuSetVirtualChannel, spec 000 §7): the group's channels; "External" for one the user cannot see. */
export function ChannelSelect({ unitId, channelId, canOperate, busy }: { unitId: string; channelId: string | null; canOperate: boolean; busy: boolean }) {
  const { t } = useTranslation();
  const { store } = useFleet();
  const options = channelOptions(knownChannels(store, channelId), channelId);
  const change = useUnitAction(unitId, (channel: string) => selectChannel(unitId, channel), 'unitPage.toast.channelSet');
  return (
    <Select
      aria-label={t('unitPage.channel.label')}
      placeholder={t('unitPage.channel.none')}
      data={options}
      value={channelId}
      w={240}
      allowDeselect={false}
      disabled={!canOperate || busy || change.isPending}
      onChange={(value) => value !== null && value !== channelId && change.mutate([value])}
    />
  );
}
