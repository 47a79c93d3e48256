import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFleet } from '../../../fleet/hooks.ts';
import { selectVideoReturnChannel, startVideoReturn, stopVideoReturn } from '../api/unitCalls.ts';
import { channelOptions } from '../model/channelOptions.ts';
import type { UnitDetails } from '../model/unitDetails.ts';
import { useKnownChannels } from '../header/ChannelSelect.tsx';
import { useUnitAction } from '../useUnitPage.ts';

/** Video return to the unit: its channel, start and stop (spec 000 §7 vrChannels; errors of §8 from the server). */
export function VideoReturnTab({ unitId, details, enabled }: { unitId: string; details: UnitDetails | undefined; enabled: boolean }) {
  const { t } = useTranslation();
  const fleet = useFleet();
  const selected = typeof details?.settings['vrChannelSelected'] === 'string' ? (details.settings['vrChannelSelected'] as string) : null;
  const options = channelOptions(useKnownChannels(), selected);
  const choose = useUnitAction(unitId, (id: string | null) => selectVideoReturnChannel(unitId, id), 'unitPage.toast.saved');
  const start = useUnitAction(unitId, () => startVideoReturn(unitId), 'unitPage.toast.videoReturnStarting');
  const stop = useUnitAction(unitId, () => stopVideoReturn(unitId), 'unitPage.toast.videoReturnStopping');
  const state = details?.applications['videoReturn'];
  const active = details !== undefined && 'videoReturn' in details.applications;
  return (
    <Stack maw={640}>
      <Group>
        <Text fw={600}>{t('unitPage.videoReturn.state')}</Text>
        <Badge color={active && state !== 'connecting' ? 'teal' : active ? 'yellow' : 'gray'} data-testid="video-return-state">
          {active ? (state ?? t('unitPage.connection.connected')) : t('unitPage.connection.notConnected')}
        </Badge>
      </Group>
      <Select
        label={t('unitPage.videoReturn.channel')}
        placeholder={t('unitPage.channel.none')}
        data={options}
        value={selected}
        clearable
        disabled={!enabled || active}
        onChange={(value) => choose.mutate([value])}
      />
      <Group>
        <Button
          color="teal"
          disabled={!enabled || active}
          onClick={() => {
            void fleet.beginTransition(unitId, 'videoReturn', 'connecting');
            start.mutate([]);
          }}
        >
          {t('unitPage.videoReturn.start')}
        </Button>
        <Button
          color="red"
          variant="light"
          disabled={!enabled || !active}
          onClick={() => {
            void fleet.beginTransition(unitId, 'videoReturn', 'disconnecting');
            stop.mutate([]);
          }}
        >
          {t('unitPage.videoReturn.stop')}
        </Button>
      </Group>
    </Stack>
  );
}
