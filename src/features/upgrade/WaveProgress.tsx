/**
 * A running (or ended) upgrade wave, read again every second while it runs: the overall progress
 * bar, the count of each state (spec 001 §4: pending, upgrading, succeeded, failed, rejected) and
 * each device with its state, its progress while upgrading, and the code and text of a failure or
 * a refusal (spec 000 §8).
 */
import { Badge, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UPGRADE_STATES, upgradeErrorMessage, type UpgradeState } from '../../domain/upgrade.ts';
import type { UpgradeWave } from '../../protocol/rest/upgrade.ts';
import { fetchUpgradeWave, upgradeKeys, WAVE_REFRESH_MS } from './queries.ts';

export const STATE_COLOURS: Record<UpgradeState, string> = {
  pending: 'gray',
  upgrading: 'blue',
  succeeded: 'green',
  failed: 'red',
  rejected: 'orange',
};

/** The wave as the server has it now; `initial` is the answer of the call that started it. */
export function useUpgradeWave(initial: UpgradeWave) {
  return useQuery({
    queryKey: upgradeKeys.wave(initial.id),
    queryFn: ({ signal }) => fetchUpgradeWave(initial.id, signal),
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.done === true ? false : WAVE_REFRESH_MS),
  });
}

export function WaveProgress({ initial, maxRows = 500 }: { initial: UpgradeWave; maxRows?: number }) {
  const { t } = useTranslation();
  const wave = useUpgradeWave(initial).data;
  return (
    <Stack gap="sm" data-testid="upgrade-wave">
      <Group justify="space-between">
        <Text fw={600}>{wave.done ? t('upgrade.wave.done', { version: wave.targetVersion }) : t('upgrade.wave.running', { version: wave.targetVersion })}</Text>
        <Text fz="sm" c="dimmed" data-testid="wave-progress-text">
          {t('upgrade.wave.percent', { percent: wave.progress })}
        </Text>
      </Group>
      <Progress value={wave.progress} size="lg" animated={!wave.done} aria-label={t('upgrade.wave.progressLabel')} data-testid="wave-progress" />
      <Group gap="xs" data-testid="wave-counts">
        {UPGRADE_STATES.map((state) => (
          <Badge key={state} color={STATE_COLOURS[state]} variant={wave.counts[state] > 0 ? 'filled' : 'outline'}>
            {t(`upgrade.state.${state}`)}: {wave.counts[state]}
          </Badge>
        ))}
      </Group>
      <Table striped highlightOnHover withTableBorder fz="sm" data-testid="wave-jobs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('upgrade.columns.device')}</Table.Th>
            <Table.Th>{t('upgrade.columns.serial')}</Table.Th>
            <Table.Th>{t('upgrade.columns.versions')}</Table.Th>
            <Table.Th>{t('upgrade.columns.state')}</Table.Th>
            <Table.Th w="30%">{t('upgrade.columns.detail')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {wave.jobs.slice(0, maxRows).map((job) => (
            <Table.Tr key={job.id} data-testid={`job-${job.deviceId}`} data-state={job.state}>
              <Table.Td>{job.name}</Table.Td>
              <Table.Td>{job.serial}</Table.Td>
              <Table.Td>
                {job.fromVersion} → {job.targetVersion}
              </Table.Td>
              <Table.Td>
                <Badge color={STATE_COLOURS[job.state]} variant="light">
                  {t(`upgrade.state.${job.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {job.state === 'upgrading' || job.state === 'pending' ? (
                  <Group gap="xs" wrap="nowrap">
                    <Progress value={job.progress} w={120} aria-label={t('upgrade.wave.deviceProgress', { name: job.name })} />
                    <Text fz="xs">{job.progress} %</Text>
                  </Group>
                ) : job.code !== null ? (
                  <Stack gap={0}>
                    <Text fz="xs" c={job.state === 'failed' ? 'red' : 'orange'}>
                      {job.message}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {t('upgrade.codeLine', { code: job.code, text: upgradeErrorMessage(job.code) })}
                    </Text>
                  </Stack>
                ) : (
                  <Text fz="xs" c={job.state === 'rejected' ? 'orange' : 'dimmed'}>
                    {job.message}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {wave.jobs.length > maxRows && (
        <Text fz="xs" c="dimmed">
          {t('upgrade.wave.moreRows', { count: wave.jobs.length - maxRows })}
        </Text>
      )}
    </Stack>
  );
}
