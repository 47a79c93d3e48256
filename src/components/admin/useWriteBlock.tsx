/**
 * The administration kit's side of honest state (issue 17 item 4): while the live connection is
 * down, a write (save, delete, acknowledge...) is disabled and says why, instead of failing with a
 * network error after the click. The rule is actionBlock.ts writeBlock; the shell's
 * FreshnessBanner says as of when the page's data is.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConnectionIfAny } from '../../fleet/index.ts';
import { writeBlock } from '../../features/fleet/actionBlock.ts';
import { blockTime } from '../../features/fleet/useActionBlock.ts';

/** Why writes are disabled now (a sentence), or null when they are not. */
export function useWriteBlock(): string | null {
  const { t } = useTranslation();
  const connection = useConnectionIfAny();
  const block = connection === null ? null : writeBlock(connection);
  if (block === null) return null;
  return block.kind === 'stale' ? t('honest.reason.writes', { time: blockTime(block.asOf) }) : null;
}

/** The reason under a form's or a dialog's buttons while writes are disabled. */
export function WriteBlockNote({ reason }: { readonly reason: string | null }) {
  if (reason === null) return null;
  return (
    <Text fz="sm" c="orange" role="status" data-testid="writes-blocked">
      {reason}
    </Text>
  );
}
