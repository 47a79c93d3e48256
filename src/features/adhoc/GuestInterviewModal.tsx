/**
 * "Guest interview" (spec 000 §2 other modals): invite a guest by e-mail or SMS to join the
 * current group as an ad-hoc LU-Smart device for a period (spec 002 §4 periods). The guest's
 * name becomes the device name: required and unique (002 §5); errors are the spec's words
 * (002 §8: "We encountered an error, please try again." and the invalid e-mail / phone messages).
 */
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InviteForm } from './InviteForm.tsx';
import { useAdhocRoles } from './useAdhocRoles.ts';

export function GuestInterviewModal({ groupId, onClose }: { groupId: string; onClose(): void }) {
  const { t } = useTranslation();
  const { canWrite } = useAdhocRoles();
  return (
    <Modal opened onClose={onClose} title={t('adhoc.guest.title')} size="lg" centered data-testid="guest-interview-modal">
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('adhoc.guest.intro')}
        </Text>
        <InviteForm
          groupId={groupId}
          mode="smart"
          guest
          disabled={!canWrite}
          secondaryAction={
            <Button variant="default" onClick={onClose}>
              {t('adhoc.footer.close')}
            </Button>
          }
        />
      </Stack>
    </Modal>
  );
}
