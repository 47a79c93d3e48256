import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { selectVideoReturnChannel, startVideoReturn, stopVideoReturn } from '../api/unitCalls.ts';
import { channelOptions } from '../model/channelOptions.ts';
import type { UnitDetails } from '../model/unitDetails.ts';
import { useKnownChannels } from '../header/ChannelSelect.tsx';
import { useUnitAction } from '../useUnitPage.ts';
import { ActionRefusal } from '../ActionRefusal.tsx';
import { ApplicationSwitchCard } from './ApplicationSwitchCard.tsx';

/** Video return to the unit: its channel, start and stop (spec 000 §7 vrChannels; errors of §8 from the server). */
export function VideoReturnTab({ unitId, details, enabled }: { unitId: string; details: UnitDetails | undefined; enabled: boolean }) {
  const { t } = useTranslation();
  const selected = typeof details?.settings['vrChannelSelected'] === 'string' ? (details.settings['vrChannelSelected'] as string) : null;
  const options = channelOptions(useKnownChannels(), selected);
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
      />
      <ActionRefusal error={start.error ?? stop.error} testId="video-return-refusal" />
    </ApplicationSwitchCard>
  );
}
