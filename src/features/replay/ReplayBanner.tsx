/**
 * The banner across the whole console while a replay runs (issue 6 item 3: "a clear banner that
 * this is a replay"): every screen then shows the replayed fleet, so the shell says so on every
 * screen, with the way back to live. Renders nothing while live.
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useReplayClient, useReplayState } from './useReplay.ts';

export function ReplayBanner() {
  const { t } = useTranslation();
  const replay = useReplayClient();
  const state = useReplayState();
  if (state === null) return null;
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
