import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VrState } from '../../domain/videoReturn.ts';

/** The colour of each state of spec 001 §4: offline red, idle grey, on its way yellow, video green. */
const COLOURS: Record<VrState, string> = { offline: 'red', idle: 'gray', connecting: 'yellow', inputConnected: 'teal', collecting: 'cyan' };

/** A video return channel's live state (spec 001 §4), in words. */
export function VrStateBadge({ state }: { state: VrState }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOURS[state]} variant="light" data-testid="vr-state">
      {t(`videoReturn.states.${state}`)}
    </Badge>
  );
}
