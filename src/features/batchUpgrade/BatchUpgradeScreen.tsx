/**
 * Batch Upgrade (/psg/batch_upgrade, support menu; spec 001 §5, 002 §9): the user uploads a CSV of
 * serial numbers (one per row, first column, optional header; the format is
 * src/domain/validation/batchUpgradeCsv.ts). The server reads it against every unit: at most 500
 * devices, unknown serials shown and ignored, duplicates counted once, line errors named. The user
 * picks the version and starts the wave, then watches the progress bar and each device's result
 * (state, progress, error code and text) live.
 */
import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, List, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/call.ts';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { BATCH_UPGRADE_MAX_DEVICES } from '../../domain/validation/batchUpgradeCsv.ts';
import { BATCH_UPGRADE_MAX_CSV_CHARS, type BatchCheck, type UpgradeWave } from '../../protocol/rest/upgrade.ts';
import { checkBatchUpgrade, startBatchUpgrade } from '../upgrade/queries.ts';
import { WaveProgress } from '../upgrade/WaveProgress.tsx';

/** Devices listed before the wave starts (the rest are counted). */
const PREVIEW_ROWS = 20;

export function BatchUpgradeScreen() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [version, setVersion] = useState<string | null>(null);
  const [wave, setWave] = useState<UpgradeWave | null>(null);

  const check = useMutation({ mutationFn: (text: string) => checkBatchUpgrade(text) });
  const start = useMutation({ mutationFn: ({ text, target }: { text: string; target: string }) => startBatchUpgrade(text, target), onSuccess: setWave });

  const choose = async (picked: File | null) => {
    setFile(picked);
    setCsv(null);
    setWave(null);
    setReadError(null);
    check.reset();
    start.reset();
    if (picked === null) return;
    const text = await picked.text();
    if (text.length > BATCH_UPGRADE_MAX_CSV_CHARS) {
      setReadError(t('batchUpgrade.tooLarge', { max: BATCH_UPGRADE_MAX_CSV_CHARS }));
      return;
    }
    setCsv(text);
    check.mutate(text);
  };

  const result: BatchCheck | undefined = check.data;
  const canStart = csv !== null && result !== undefined && result.errors.length === 0 && result.devices.length > 0 && version !== null && wave === null;

  return (
    <AdminPage title={t('routes.psg/batch_upgrade')} description={t('batchUpgrade.description', { max: BATCH_UPGRADE_MAX_DEVICES })}>
      <Stack gap="md" maw={1100}>
        {/* The running wave comes first: its progress bar and per-device results are what the user watches. */}
        {wave !== null && (
          <Paper withBorder p="md" radius="md">
            <WaveProgress initial={wave} />
          </Paper>
        )}
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <FileInput
              label={t('batchUpgrade.file')}
              description={t('batchUpgrade.fileHint')}
              placeholder={t('batchUpgrade.filePlaceholder')}
              accept=".csv,text/csv,text/plain"
              value={file}
              onChange={(picked) => void choose(picked)}
              clearable
              data-testid="batch-file"
              error={readError}
            />
            {check.isPending && <Text fz="sm">{t('batchUpgrade.reading')}</Text>}
            {check.isError && <Alert color="red">{messageOf(check.error)}</Alert>}
            {result !== undefined && <CheckSummary result={result} listDevices={wave === null} />}
            {result !== undefined && result.errors.length === 0 && result.devices.length > 0 && (
              <Group align="flex-end">
                <Select
                  label={t('batchUpgrade.version')}
                  data={result.versions}
                  value={version}
                  onChange={setVersion}
                  placeholder={t('batchUpgrade.versionPlaceholder')}
                  comboboxProps={{ withinPortal: true }}
                  disabled={wave !== null}
                  data-testid="batch-version"
                  w={220}
                />
                <Button disabled={!canStart} loading={start.isPending} onClick={() => csv !== null && version !== null && start.mutate({ text: csv, target: version })} data-testid="batch-start">
                  {t('batchUpgrade.start', { count: result.devices.length, version: version ?? '' })}
                </Button>
              </Group>
            )}
            {start.isError && <Alert color="red">{messageOf(start.error)}</Alert>}
          </Stack>
        </Paper>
      </Stack>
    </AdminPage>
  );
}

/** What the file holds; the devices are listed until the wave starts (the wave lists them then). */
function CheckSummary({ result, listDevices }: { result: BatchCheck; listDevices: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="batch-summary">
      <Group gap="xs">
        <Badge color="blue" variant="light">
          {t('batchUpgrade.devices', { count: result.devices.length })}
        </Badge>
        <Badge color={result.unknown.length > 0 ? 'orange' : 'gray'} variant="light">
          {t('batchUpgrade.unknownCount', { count: result.unknown.length })}
        </Badge>
        <Badge color="gray" variant="light">
          {t('batchUpgrade.duplicateCount', { count: result.duplicates.length })}
        </Badge>
      </Group>
      {result.errors.length > 0 && (
        <Alert color="red" title={t('batchUpgrade.errorsTitle')} data-testid="batch-errors">
          <List size="sm">
            {result.errors.map((error) => (
              <List.Item key={`${error.line ?? 'file'}:${error.message}`}>{error.line === null ? error.message : t('batchUpgrade.lineError', { line: error.line, message: error.message })}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {result.unknown.length > 0 && (
        <Alert color="orange" title={t('batchUpgrade.unknownTitle')} data-testid="batch-unknown">
          <Text fz="sm">{result.unknown.join(', ')}</Text>
        </Alert>
      )}
      {listDevices && result.devices.length > 0 && (
        <Table withTableBorder striped fz="sm" data-testid="batch-devices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('batchUpgrade.columns.serial')}</Table.Th>
              <Table.Th>{t('batchUpgrade.columns.name')}</Table.Th>
              <Table.Th>{t('batchUpgrade.columns.type')}</Table.Th>
              <Table.Th>{t('batchUpgrade.columns.version')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.devices.slice(0, PREVIEW_ROWS).map((device) => (
              <Table.Tr key={device.uid}>
                <Table.Td>{device.serial}</Table.Td>
                <Table.Td>{device.name}</Table.Td>
                <Table.Td>{device.type}</Table.Td>
                <Table.Td>{device.swVersion}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {listDevices && result.devices.length > PREVIEW_ROWS && (
        <Text fz="xs" c="dimmed">
          {t('batchUpgrade.moreDevices', { count: result.devices.length - PREVIEW_ROWS })}
        </Text>
      )}
    </Stack>
  );
}

export default BatchUpgradeScreen;
