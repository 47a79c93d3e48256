/**
 * The banner across the whole console while a replay runs (issue 6 item 3: "a clear banner that
 * this is a replay"): every screen then shows the replayed fleet, so the shell says so on every
 * screen, with the way back to live. While live it renders nothing, except once after a page load
 * that ended a replay (issue 17 item 5): it says so (replayMemory.ts).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { noteReplay, takeEndedReplay } from './replayMemory.ts';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useReplayClient, useReplayState } from './useReplay.ts';

export function ReplayBanner() {
  const { t } = useTranslation();
  const replay = useReplayClient();
  const state = useReplayState();
  const storage = globalThis.sessionStorage as Storage | undefined;
  const [endedByLoad, setEndedByLoad] = useState<string | null>(() => takeEndedReplay(storage));
  const openName = state?.name ?? null;
  useEffect(() => noteReplay(storage, openName), [storage, openName]);
  if (state === null) {
    if (endedByLoad === null) return null;
    return (
      <Alert color="orange" variant="light" mb="md" role="status" data-testid="replay-ended-notice">
        <Group justify="space-between" wrap="nowrap">
          <Text fz="sm">{t('replay.endedByLoad', { name: endedByLoad })}</Text>
          <CloseButton aria-label={t('honest.closeNotice')} onClick={() => setEndedByLoad(null)} />
        </Group>
      </Alert>
    );
  }
  return (
    <Paper
      role="status"
      data-testid="replay-banner"
      radius="sm"
      px="md"
      py={8}
      mb="md"
      bg="orange.8"
      c="white"
      style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 52px) + 8px)', zIndex: 150 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={700} size="sm" truncate>
          {t('replay.banner.text', { name: state.name })}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button component={Link} to="/replay" size="compact-sm" variant="white" color="orange">
            {t('replay.banner.controls')}
          </Button>
          <Button size="compact-sm" variant="filled" color="dark" onClick={() => void replay.close()}>
            {t('replay.banner.returnToLive')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
