/**
 * Where a log comes from (issue 6 item 3): a file picked here, a file dropped anywhere on the page
 * (ReplayScreen handles the drop), or one of the logs the server holds (v2/replay/logs).
 */
import { useRef } from 'react';
import { Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../components/toasts.ts';
import { fetchServerLogs } from './serverLogs.ts';
import type { ServerLog } from './serverLogs.ts';
import { formatBytes } from './timeline.ts';

export const LOG_FILE_ACCEPT = '.ndjson,.jsonl,.log,.txt,application/x-ndjson,text/plain';

export function OpenLog({
  opening,
  onFile,
  onServerLog,
}: {
  readonly opening: string | null;
  readonly onFile: (file: File) => void;
  readonly onServerLog: (log: ServerLog) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const logs = useQuery({ queryKey: ['session', 'replay', 'logs'], queryFn: ({ signal }) => fetchServerLogs(signal) });

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Title order={4}>{t('replay.open.title')}</Title>
        <Group gap="sm">
          <input
            ref={input}
            type="file"
            accept={LOG_FILE_ACCEPT}
            aria-label={t('replay.open.file')}
            data-testid="replay-file-input"
            style={{ display: 'none' }}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = ''; // the same file may be picked again
              if (file !== undefined) onFile(file);
            }}
          />
          <Button onClick={() => input.current?.click()} disabled={opening !== null}>
            {t('replay.open.fileButton')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('replay.open.drop')}
          </Text>
          {opening !== null && (
            <Group gap={6}>
              <Loader size="xs" />
              <Text size="sm">{t('replay.open.opening', { name: opening })}</Text>
            </Group>
          )}
        </Group>
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {t('replay.open.server')}
          </Text>
          {logs.isPending ? (
            <Loader size="sm" />
          ) : logs.isError ? (
            <Text size="sm" c="red">
              {errorMessageOf(logs.error)}
            </Text>
          ) : logs.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('replay.open.serverEmpty')}
            </Text>
          ) : (
            <Table striped highlightOnHover verticalSpacing={4} data-testid="replay-server-logs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('replay.open.name')}</Table.Th>
                  <Table.Th>{t('replay.open.source')}</Table.Th>
                  <Table.Th ta="right">{t('replay.open.size')}</Table.Th>
                  <Table.Th>{t('replay.open.modified')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {logs.data.map((log) => (
                  <Table.Tr key={log.name}>
                    <Table.Td ff="monospace">{log.name}</Table.Td>
                    <Table.Td>{t(`replay.open.sources.${log.source}`, { defaultValue: log.source })}</Table.Td>
                    <Table.Td ta="right">{formatBytes(log.size)}</Table.Td>
                    <Table.Td>{log.modified.replace('T', ' ').slice(0, 19)}</Table.Td>
                    <Table.Td ta="right">
                      <Button size="compact-sm" variant="light" disabled={opening !== null} aria-label={t('replay.open.openNamed', { name: log.name })} onClick={() => onServerLog(log)}>
                        {t('replay.open.openAction')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
