/**
 * Honest state in the shell (issue 17 item 4): while the live connection is down, a banner says
 * the data shown is as of T and unit actions are disabled until it is back; when it is back (the
 * worker reloaded the whole snapshot), a notice says the data was reloaded, until closed.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, CloseButton, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConnection } from '../../fleet/index.ts';
import { reloadedNotice, staleSince } from './actionBlock.ts';
import { blockTime } from './useActionBlock.ts';

export function FreshnessBanner() {
  const { t } = useTranslation();
  const connection = useConnection();
  const wasDown = useRef(false);
  const [reloadedAt, setReloadedAt] = useState<number | null>(null);
  useEffect(() => {
    const next = reloadedNotice(wasDown.current, connection);
    wasDown.current = next.wasDown;
    if (next.show) setReloadedAt(Date.now());
    else if (next.wasDown) setReloadedAt(null);
  }, [connection]);
  const since = staleSince(connection);
  if (since !== null) {
    return (
      <Alert color="orange" variant="filled" mb="md" role="alert" data-testid="stale-banner" title={t('honest.stale.title', { time: blockTime(since) })}>
        {t('honest.stale.text')}
      </Alert>
    );
  }
  if (reloadedAt === null) return null;
  return (
    <Alert color="teal" variant="light" mb="md" role="status" data-testid="reloaded-notice">
      <Group justify="space-between" wrap="nowrap">
        <Text fz="sm">{t('honest.reloaded', { time: blockTime(reloadedAt) })}</Text>
        <CloseButton aria-label={t('honest.closeNotice')} onClick={() => setReloadedAt(null)} />
      </Group>
    </Alert>
  );
}

/** Whether the page's content is stale (the shell greys it while the connection is down). */
export function useStale(): boolean {
  return staleSince(useConnection()) !== null;
}
