/**
 * Holds the transition-toast mute while the wall is shown (toasts would cover the lower-right
 * tiles; full screen included) and shows how many were muted: a small quiet button, "12
 * transitions muted", that clears the count when clicked. Nothing shows while the count is zero.
 */
import { useEffect } from 'react';
import { Button, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSignalValue } from '../../fleet/index.ts';
import { useTransitionMute } from '../fleet/index.ts';

/** Mutes transition toasts for as long as the calling screen is mounted. */
export function useMuteTransitionToasts(): void {
  const mute = useTransitionMute();
  useEffect(() => mute.hold(), [mute]);
}

export function MutedTransitions() {
  const { t } = useTranslation();
  const mute = useTransitionMute();
  const count = useSignalValue(mute.muted);
  if (count === 0) return null;
  return (
    <Tooltip label={t('transitionMute.hint')} multiline w={260}>
      <Button size="compact-xs" variant="subtle" color="gray" onClick={() => mute.clear()} data-testid="muted-transitions" data-count={count}>
        {t('transitionMute.count', { count })}
      </Button>
    </Tooltip>
  );
}
