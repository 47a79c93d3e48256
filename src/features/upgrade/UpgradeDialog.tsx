/**
 * Software upgrade of units and servers (spec 000 §5, 001 §4), reusable wherever devices are
 * picked (the unit page; the Devices screen). It asks the server which offered versions each device
 * may move to (the rules run on the server: server at or above the unit, 5.1 and below, SLA, 9.x on
 * server 8.5, idle servers, excluded and not-upgradable types), lists the versions with how many
 * devices each is allowed for (a version no device may take can still be picked to read why), shows each device's refusal with its text and code and the notices
 * (automatic downgrade, OS reinstall with support), then starts the upgrade and follows each
 * device's state and progress live.
 */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Radio, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/call.ts';
import type { UpgradeDevice, UpgradeDevices, UpgradeOption, UpgradeWave } from '../../protocol/rest/upgrade.ts';
import { fetchUpgradeOptions, startUpgrade, upgradeKeys } from './queries.ts';
import { WaveProgress } from './WaveProgress.tsx';

export interface UpgradeDialogProps {
  /** The devices to upgrade: units and/or servers by id. */
  readonly devices: UpgradeDevices;
  readonly opened: boolean;
  readonly onClose: () => void;
}

/** One version offered to at least one device, with its decision per device. */
interface VersionChoice {
  readonly version: string;
  readonly description: string;
  readonly releaseNotesUrl: string;
  readonly allowedCount: number;
}

function choicesOf(devices: readonly UpgradeDevice[]): VersionChoice[] {
  const byVersion = new Map<string, { option: UpgradeOption; allowed: number }>();
  for (const device of devices) {
    for (const option of device.options) {
      const entry = byVersion.get(option.version) ?? { option, allowed: 0 };
      if (option.allowed) entry.allowed += 1;
      byVersion.set(option.version, entry);
    }
  }
  return [...byVersion.values()].map(({ option, allowed }) => ({ version: option.version, description: option.description, releaseNotesUrl: option.releaseNotesUrl, allowedCount: allowed }));
}

export function UpgradeDialog({ devices, opened, onClose }: UpgradeDialogProps) {
  const { t } = useTranslation();
  const [wave, setWave] = useState<UpgradeWave | null>(null);
  const close = () => {
    setWave(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('upgrade.title')} size="xl" centered>
      {opened && (wave === null ? <ChooseVersion devices={devices} onStarted={setWave} onCancel={close} /> : <Running wave={wave} onClose={close} />)}
    </Modal>
  );
}

function ChooseVersion({ devices, onStarted, onCancel }: { devices: UpgradeDevices; onStarted: (wave: UpgradeWave) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const options = useQuery({ queryKey: upgradeKeys.options(devices), queryFn: ({ signal }) => fetchUpgradeOptions(devices, signal) });
  const choices = useMemo(() => choicesOf(options.data?.devices ?? []), [options.data]);
  const [selected, setSelected] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (version: string) => startUpgrade(devices, version),
    onSuccess: (wave) => {
      void queryClient.invalidateQueries({ queryKey: upgradeKeys.all });
      onStarted(wave);
    },
  });

  if (options.isPending) return <Loader size="sm" aria-label={t('upgrade.loading')} />;
  if (options.isError) return <Alert color="red">{messageOf(options.error)}</Alert>;

  const listed = options.data.devices;
  const choice = choices.find((c) => c.version === selected) ?? null;
  return (
    <Stack gap="md">
      {choices.length === 0 ? (
        <Alert color="yellow">{t('upgrade.noVersions')}</Alert>
      ) : (
        <Radio.Group label={t('upgrade.chooseVersion')} value={selected} onChange={setSelected} data-testid="upgrade-versions">
          <Stack gap={6} mt="xs">
            {choices.map((c) => (
              <Radio
                key={c.version}
                value={c.version}
                data-testid={`version-${c.version}`}
                label={
                  <Group gap="xs">
                    <Text fw={600} fz="sm">
                      {c.version}
                    </Text>
                    <Text fz="sm" c="dimmed">
                      {c.description}
                    </Text>
                    <Badge size="sm" variant="light" color={c.allowedCount === 0 ? 'gray' : 'green'}>
                      {t('upgrade.allowedFor', { count: c.allowedCount, total: listed.length })}
                    </Badge>
                    {c.releaseNotesUrl !== '' && (
                      <Anchor href={c.releaseNotesUrl} target="_blank" rel="noreferrer" fz="xs">
                        {t('upgrade.releaseNotes')}
                      </Anchor>
                    )}
                  </Group>
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <ScrollArea.Autosize mah={320}>
        <Table withTableBorder fz="sm" data-testid="upgrade-devices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('upgrade.columns.device')}</Table.Th>
              <Table.Th>{t('upgrade.columns.type')}</Table.Th>
              <Table.Th>{t('upgrade.columns.current')}</Table.Th>
              <Table.Th>{choice === null ? t('upgrade.columns.versionsAllowed') : t('upgrade.columns.decision', { version: choice.version })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {listed.map((device) => (
              <Table.Tr key={`${device.kind}:${device.id}`} data-testid={`device-${device.id}`}>
                <Table.Td>
                  <Text fz="sm" fw={500}>
                    {device.name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {t(`upgrade.kind.${device.kind}`)} · {device.serial}
                  </Text>
                </Table.Td>
                <Table.Td>{device.type}</Table.Td>
                <Table.Td>{device.swVersion}</Table.Td>
                <Table.Td>
                  <Decision device={device} version={choice?.version ?? null} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {start.isError && (
        <Alert color="red" data-testid="upgrade-start-error">
          {messageOf(start.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('upgrade.cancel')}
        </Button>
        <Button onClick={() => choice !== null && start.mutate(choice.version)} disabled={choice === null || choice.allowedCount === 0} loading={start.isPending} data-testid="start-upgrade">
          {choice === null || choice.allowedCount === 0 ? t('upgrade.start') : t('upgrade.startTo', { version: choice.version, count: choice.allowedCount })}
        </Button>
      </Group>
    </Stack>
  );
}

/** A device's decision for the chosen version, or the versions it may take. */
function Decision({ device, version }: { device: UpgradeDevice; version: string | null }) {
  const { t } = useTranslation();
  if (version === null) {
    const allowed = device.options.filter((o) => o.allowed).map((o) => o.version);
    return <Text fz="xs">{allowed.length === 0 ? t('upgrade.noneAllowed') : allowed.join(', ')}</Text>;
  }
  const option = device.options.find((o) => o.version === version);
  if (option === undefined) return <Text fz="xs" c="orange">{t('upgrade.notOffered')}</Text>;
  if (option.allowed) {
    return (
      <Stack gap={2}>
        <Badge color="green" variant="light" size="sm">
          {t('upgrade.allowed')}
        </Badge>
        {option.notice !== undefined && (
          <Text fz="xs" c="yellow.8" data-testid="upgrade-notice">
            {option.notice}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={2} data-testid="upgrade-refusal">
      <Text fz="xs" c="red">
        {option.message}
      </Text>
      {option.code !== undefined && (
        <Text fz="xs" c="dimmed">
          {t('upgrade.codeLine', { code: option.code, text: option.codeMessage ?? '' })}
        </Text>
      )}
    </Stack>
  );
}

function Running({ wave, onClose }: { wave: UpgradeWave; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <WaveProgress initial={wave} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('upgrade.close')}
        </Button>
      </Group>
    </Stack>
  );
}
