/**
 * The what's-new dialog of the shell: once after an upgrade (src/domain/whatsNew.ts decides which
 * notes), the signed-in user is shown the new notes; closing the dialog tells the server, which
 * then shows them no more. Asked once per page load (and after a super user edits notes); nothing
 * shows when there is nothing new.
 */
import { Badge, Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchMyNotes, markSeen, whatsNewKeys } from './queries.ts';

/** The notes are a once-per-version message: no refetch on focus or on a timer. */
const NEVER_STALE = Number.POSITIVE_INFINITY;

export function WhatsNewDialog() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: whatsNewKeys.mine, queryFn: ({ signal }) => fetchMyNotes(signal), staleTime: NEVER_STALE, retry: false });
  const seen = useMutation({
    mutationFn: markSeen,
    onSettled: () => queryClient.setQueryData(whatsNewKeys.mine, (now: typeof mine.data) => (now === undefined ? now : { ...now, notes: [] })),
  });
  const notes = mine.data?.notes ?? [];
  const close = (): void => seen.mutate();
  return (
    <Modal opened={notes.length > 0} onClose={close} title={t('whatsNew.dialogTitle', { version: mine.data?.serverVersion ?? '' })} centered size="lg" closeButtonProps={{ 'aria-label': t('kit.form.close') }}>
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
          <Button onClick={close} loading={seen.isPending}>
            {t('whatsNew.gotIt')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
