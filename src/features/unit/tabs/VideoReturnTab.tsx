import { Alert, Group, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { selectVideoReturnChannel, startVideoReturn, stopVideoReturn } from '../api/unitCalls.ts';
import type { UnitDetails } from '../model/unitDetails.ts';
import { useUnitAction } from '../useUnitPage.ts';
import { ActionRefusal } from '../ActionRefusal.tsx';
import { ApplicationSwitchCard } from './ApplicationSwitchCard.tsx';
import { useCurrentGroup } from '../../fleet/currentGroup.ts';
import { useGroupVrChannels } from '../../videoReturn/queries.ts';
import { VrStateBadge } from '../../videoReturn/VrStateBadge.tsx';

/**
 * Video return to the unit (spec 000 §7 vrChannels): one of the group's video return channels
 * (spec 001 §3), with its live state, then start and stop. The server refuses a start with spec
 * 000 §8's words (no licence, no channel selected, external channel, channel offline, no video),
 * shown as the console shows every refusal.
 */
export function VideoReturnTab({ unitId, details, enabled }: { unitId: string; details: UnitDetails | undefined; enabled: boolean }) {
  const { t } = useTranslation();
  const { groupId } = useCurrentGroup();
  const channels = useGroupVrChannels(groupId);
  const selected = typeof details?.settings['vrChannelSelected'] === 'string' ? (details.settings['vrChannelSelected'] as string) : null;
  const list = channels.data ?? [];
  const chosen = list.find((c) => c.uniqueId === selected);
  const options = list.map((c) => ({ value: c.uniqueId, label: c.name }));
  // A channel the group no longer holds stays shown as external (spec 000 §8 "external channel").
  if (selected !== null && chosen === undefined && channels.isSuccess) options.unshift({ value: selected, label: t('videoReturn.external') });
  const choose = useUnitAction(unitId, (id: string | null) => selectVideoReturnChannel(unitId, id), 'unitPage.toast.saved');
  const start = useUnitAction(unitId, () => startVideoReturn(unitId), 'unitPage.toast.videoReturnStarting', 'videoReturn', { inline: true });
  const stop = useUnitAction(unitId, () => stopVideoReturn(unitId), 'unitPage.toast.videoReturnStopping', 'videoReturn', { inline: true });
  const state = details?.applications['videoReturn'];
  const active = details !== undefined && 'videoReturn' in details.applications;
  return (
    <ApplicationSwitchCard
      unitId={unitId}
      button="videoReturn"
      title={t('unitPage.videoReturn.state')}
      badge={{
        color: active && state !== 'connecting' ? 'teal' : active ? 'yellow' : 'gray',
        label: active ? (state ?? t('unitPage.connection.connected')) : t('unitPage.connection.notConnected'),
        testId: 'video-return-state',
      }}
      active={active}
      enabled={enabled}
      startLabel={t('unitPage.videoReturn.start')}
      stopLabel={t('unitPage.videoReturn.stop')}
      onStart={() => start.mutate([])}
      onStop={() => stop.mutate([])}
    >
      <Select
        label={t('unitPage.videoReturn.channel')}
        placeholder={t('unitPage.channel.none')}
        data={options}
        value={selected}
        clearable
        disabled={!enabled || active}
        onChange={(value) => choose.mutate([value])}
        renderOption={({ option }) => {
          const channel = list.find((c) => c.uniqueId === option.value);
          return (
            <Group justify="space-between" w="100%" wrap="nowrap">
              <Text fz="sm">{option.label}</Text>
              {channel !== undefined && <VrStateBadge state={channel.status} />}
            </Group>
          );
        }}
      />
      {chosen !== undefined && (
        <Group gap="xs" data-testid="video-return-channel-state">
          <Text fz="sm" c="dimmed">
            {t('videoReturn.channelState')}
          </Text>
          <VrStateBadge state={chosen.status} />
          {chosen.inputStandard !== null && <Text fz="sm">{chosen.inputStandard}</Text>}
        </Group>
      )}
      {channels.isSuccess && list.length === 0 && (
        <Alert color="gray" variant="light">
          {t('videoReturn.noChannels')}
        </Alert>
      )}
      <ActionRefusal error={start.error ?? stop.error} testId="video-return-refusal" />
    </ApplicationSwitchCard>
  );
}
