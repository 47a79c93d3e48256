/**
 * The Replay page (/replay, super user only; issue 6 item 3). A log opened here is played by the
 * fleet worker through the same pipeline as live, into the same store: the list, multiview, map,
 * unit pages and counters show the replayed fleet until "Return to live" (the shell's banner).
 * A log the parser refuses is reported with its error, which names the line.
 */
import { useState } from 'react';
import type { DragEvent } from 'react';
import { Alert, Box, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../components/toasts.ts';
import { OpenLog } from './OpenLog.tsx';
import { Player } from './Player.tsx';
import { fetchServerLog } from './serverLogs.ts';
import type { ServerLog } from './serverLogs.ts';
import { useReplayClient, useReplayState } from './useReplay.ts';

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

export default function ReplayScreen() {
  const { t } = useTranslation();
  const replay = useReplayClient();
  const state = useReplayState();
  const [opening, setOpening] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const open = async (name: string, load: () => Promise<Blob | ArrayBuffer>) => {
    setError(null);
    setOpening(name);
    try {
      const result = await replay.open(await load(), name);
      if (!result.ok) setError(t('replay.error.text', { name, message: result.message }));
    } catch (cause) {
      setError(t('replay.error.text', { name, message: errorMessageOf(cause) }));
    } finally {
      setOpening(null);
    }
  };
  const openFile = (file: File) => void open(file.name, async () => file);
  const openServerLog = (log: ServerLog) => void open(log.name, () => fetchServerLog(log.name));

  return (
    <Box
      data-testid="replay-page"
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (file !== undefined) openFile(file);
      }}
      style={{ position: 'relative', minHeight: '70vh' }}
    >
      <Stack gap="md">
        <Title order={2}>{t('replay.title')}</Title>
        {state === null && <Text c="dimmed">{t('replay.intro')}</Text>}
        {error !== null && (
          <Alert color="red" variant="light" title={t('replay.error.title')} role="alert" data-testid="replay-error" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {state !== null && <Player state={state} replay={replay} />}
        <OpenLog opening={opening} onFile={openFile} onServerLog={openServerLog} />
      </Stack>
      {dragging && (
        <Box
          aria-hidden
          style={{
            position: 'absolute',
            inset: 0,
            border: '3px dashed var(--mantine-color-blue-5)',
            borderRadius: 8,
            background: 'rgba(34, 139, 230, 0.08)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            pointerEvents: 'none',
          }}
        >
          <Text fw={700} size="xl" c="blue">
            {t('replay.open.dropHere')}
          </Text>
        </Box>
      )}
    </Box>
  );
}
