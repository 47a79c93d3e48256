/**
 * The unit list's buttons that open "Add LU-Smart / LU-Lite" and "Guest interview" (spec 000 §2),
 * shown to users who may write (not read-only) when a group is chosen. The dialogs' code loads on
 * the first hover, focus or click of their button, not with the list (components/lazyDialog.tsx).
 */
import { useCallback, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../components/lazyDialog.tsx';
import { useAdhocRoles } from './useAdhocRoles.ts';

const addDevice = lazyDialog(async () => (await import('./AddDeviceModal.tsx')).AddDeviceModal);
const guestInterview = lazyDialog(async () => (await import('./GuestInterviewModal.tsx')).GuestInterviewModal);

export function AdhocToolbar({ groupId }: { groupId: string | null }) {
  const { t } = useTranslation();
  const { canWrite } = useAdhocRoles();
  const [open, setOpen] = useState<'add' | 'guest' | null>(null);
  const close = useCallback(() => setOpen(null), []);
  if (groupId === null || !canWrite) return null;
  return (
    <Group gap="xs">
      <Button variant="light" {...addDevice.prefetchOn} onClick={() => setOpen('add')}>
        {t('adhoc.open')}
      </Button>
      <Button variant="light" {...guestInterview.prefetchOn} onClick={() => setOpen('guest')}>
        {t('adhoc.guest.open')}
      </Button>
      {open === 'add' && <addDevice.Dialog groupId={groupId} onClose={close} />}
      {open === 'guest' && <guestInterview.Dialog groupId={groupId} onClose={close} />}
    </Group>
  );
}
