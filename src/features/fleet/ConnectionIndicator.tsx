import { useEffect, useState } from 'react';
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConnection } from '../../fleet/index.ts';
import { CONNECTION_TONES, connectionLabel, ticks } from './connectionLabel.ts';
import { useCurrentGroup } from './currentGroup.ts';
import { useReplayState } from '../replay/useReplay.ts';

const TICK_MS = 1_000; // the "in N s" countdown moves once a second

const timeOf = (ms: number): string => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * The live connection state in the header: live / behind — showing latest state / reconnecting in N s / resyncing / offline since
 * T; during a replay it says "replay" with the log's time instead (issue 17 item 5: never "live").
 */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const state = useConnection();
  const replay = useReplayState();
  const { groupId } = useCurrentGroup();
  const [now, setNow] = useState(() => Date.now());
  const ticking = ticks(state);
  useEffect(() => {
    setNow(Date.now());
    if (!ticking) return undefined;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [ticking, state]);

  if (replay !== null) {
    return (
      <Badge variant="dot" color="orange" size="lg" role="status" data-testid="connection-indicator" data-phase="replay" styles={{ label: { textTransform: 'none' } }}>
        {t('honest.replayHeader', { time: new Date(replay.ts).toLocaleString() })}
      </Badge>
    );
  }
  if (groupId === null) {
    return (
      <Badge variant="dot" color="gray" size="lg" data-testid="connection-indicator" data-phase="none">
        {t('fleet.connection.noGroup')}
      </Badge>
    );
  }
  const label = connectionLabel(state, now, timeOf);
  return (
    // Behind: the hint says what "latest state" means (changes in between are skipped until caught up).
    <Tooltip label={t(state.phase === 'behind' ? 'fleet.connection.behindHint' : 'fleet.connection.tooltip')}>
      <Badge
        variant="dot"
        color={CONNECTION_TONES[state.phase]}
        size="lg"
        role="status"
        aria-live="polite"
        data-testid="connection-indicator"
        data-phase={state.phase}
        styles={{ label: { textTransform: 'none' } }}
      >
        {t(label.key, label.values)}
      </Badge>
    </Tooltip>
  );
}
