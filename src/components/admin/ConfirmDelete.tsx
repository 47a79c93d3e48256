/**
 * Asks before deleting an entity, names it, and shows the server's refusal in place (e.g. spec 001
 * §8 "delete blocked when the inventory has overlays or an active audio room") instead of closing.
 * While the live connection is down, Delete is disabled with the reason (useWriteBlock).
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/call.ts';
import { useWriteBlock, WriteBlockNote } from './useWriteBlock.tsx';

export interface ConfirmDeleteProps {
  /** The entity's name; null when closed. */
  readonly name: string | null;
  readonly onCancel: () => void;
  /** Deletes; a rejection is shown in the dialog. */
  readonly onConfirm: () => Promise<void>;
}

export function ConfirmDelete({ name, onCancel, onConfirm }: ConfirmDeleteProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const blocked = useWriteBlock(); // while the live connection is down: disabled, with the reason
  const close = (): void => {
    setRefusal(null);
    onCancel();
  };
  return (
    <Modal opened={name !== null} onClose={close} title={t('kit.confirmDelete.title', { name })} centered closeButtonProps={{ 'aria-label': t('kit.form.close') }}>
      <Stack gap="md">
        <Text>{t('kit.confirmDelete.body', { name })}</Text>
        {refusal !== null && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <WriteBlockNote reason={blocked} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close} disabled={busy}>
            {t('kit.form.cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            disabled={blocked !== null}
            onClick={async () => {
              setBusy(true);
              setRefusal(null);
              try {
                await onConfirm();
              } catch (error) {
                setRefusal(messageOf(error));
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('kit.confirmDelete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
