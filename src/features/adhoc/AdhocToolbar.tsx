/**
 * The unit list's buttons that open "Add LU-Smart / LU-Lite" and "Guest interview" (spec 000 §2),
 * shown to users who may write (not read-only) when a group is chosen.
 */
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddDeviceModal } from './AddDeviceModal.tsx';
import { GuestInterviewModal } from './GuestInterviewModal.tsx';
import { useAdhocRoles } from './useAdhocRoles.ts';

export function AdhocToolbar({ groupId }: { groupId: string | null }) {
  const { t } = useTranslation();
  const { canWrite } = useAdhocRoles();
  const [open, setOpen] = useState<'add' | 'guest' | null>(null);
  if (groupId === null || !canWrite) return null;
  return (
    <Group gap="xs">
      <Button variant="light" onClick={() => setOpen('add')}>
        {t('adhoc.open')}
      </Button>
      <Button variant="light" onClick={() => setOpen('guest')}>
        {t('adhoc.guest.open')}
      </Button>
      {open === 'add' && <AddDeviceModal groupId={groupId} onClose={() => setOpen(null)} />}
      {open === 'guest' && <GuestInterviewModal groupId={groupId} onClose={() => setOpen(null)} />}
    </Group>
  );
}
