/**
 * The what's-new notes in their dialog (WhatsNewDialog.tsx decides when; this module loads only
 * then, components/lazyDialog.tsx).
 */
import { Badge, Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WhatsNewNote } from '../../protocol/rest/whatsNew.ts';

export interface WhatsNewNotesProps {
  readonly opened: boolean;
  /** Closing tells the server the notes were seen. */
  readonly onClose: () => void;
  readonly notes: readonly WhatsNewNote[];
  readonly serverVersion: string;
  /** The server is being told. */
  readonly closing: boolean;
}

export function WhatsNewNotes({ opened, onClose, notes, serverVersion, closing }: WhatsNewNotesProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('whatsNew.dialogTitle', { version: serverVersion })} centered size="lg" closeButtonProps={{ 'aria-label': t('kit.form.close') }}>
      <Stack gap="md">
        <ScrollArea.Autosize mah="60vh">
          <Stack gap="lg">
            {notes.map((note) => (
              <Stack key={note.id} gap={4}>
                <Group gap="xs">
                  <Badge variant="light">{t('whatsNew.noteName', { version: note.version })}</Badge>
                </Group>
                <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
                  {note.text}
                </Text>
              </Stack>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button onClick={onClose} loading={closing}>
            {t('whatsNew.gotIt')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
