import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, showSuccess } from '../../components/toasts.ts';
import { MAX_SHARE_SUBSCRIBERS, sharingSelectionError } from '../../domain/shares.ts';
import { useSaveSharing, useUnitSharing } from './useSharing.ts';

/**
 * Sharing options (spec 000 §2 "Other modals: … sharing options"): the subscribers of the unit's
 * inventory (spec 002 §1, §3) that its live stream is shared to (multipoint share, 001 §2). Read-only
 * users see the choice without changing it.
 */
export function SharingOptionsModal({ unitId, opened, onClose, canOperate }: { unitId: string; opened: boolean; onClose: () => void; canOperate: boolean }) {
  const { t } = useTranslation();
  const sharing = useUnitSharing(unitId);
  const save = useSaveSharing(unitId);
  const [picked, setPicked] = useState<string[] | undefined>(undefined);
  const stored = sharing.data?.subscriberIds ?? [];
  const chosen = picked ?? [...stored];
  const available = sharing.data?.available ?? [];
  const problem = sharingSelectionError(chosen, available.map((s) => s.id));
  const unchanged = chosen.length === stored.length && chosen.every((id) => stored.includes(id));

  const close = () => {
    setPicked(undefined);
    save.reset();
    onClose();
  };
  const submit = () =>
    save.mutate(chosen, {
      onSuccess: (answer) => {
        showSuccess(answer.subscriberIds.length === 0 ? t('sharing.toast.stopped') : t('sharing.toast.saved', { count: answer.subscriberIds.length }));
        close();
      },
    });

  return (
    <Modal opened={opened} onClose={close} title={t('sharing.title')} size="md" centered>
      <Stack gap="sm">
        <Text fz="sm">{t('sharing.intro')}</Text>
        {sharing.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {sharing.error !== null && (
          <Alert color="red" role="alert">
            {errorMessageOf(sharing.error)}
          </Alert>
        )}
        {save.error !== null && (
          <Alert color="red" role="alert">
            {errorMessageOf(save.error)}
          </Alert>
        )}
        {sharing.isSuccess && available.length === 0 && <Alert color="gray">{t('sharing.empty')}</Alert>}
        {available.length > 0 && (
          <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
            <Checkbox.Group value={chosen} onChange={setPicked} label={t('sharing.subscribers')} description={t('sharing.limit', { max: MAX_SHARE_SUBSCRIBERS })} error={problem}>
              <Stack gap={4} mt="xs">
                {available.map((subscriber) => (
                  <Checkbox.Card key={subscriber.id} value={subscriber.id} disabled={!canOperate} p="xs" radius="sm" aria-label={subscriber.name} data-testid="subscriber-option">
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Checkbox.Indicator mt={2} disabled={!canOperate} />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text fw={600} truncate="end">
                          {subscriber.name}
                        </Text>
                        {subscriber.description !== '' && (
                          <Text fz="sm" c="dimmed" truncate="end">
                            {subscriber.description}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </Checkbox.Card>
                ))}
              </Stack>
            </Checkbox.Group>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          {canOperate && (
            <Button onClick={submit} loading={save.isPending} disabled={!sharing.isSuccess || problem !== null || unchanged}>
              {t('common.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** The unit page header's "Sharing" action, with how many subscribers the stream is shared to. */
export function SharingButton({ unitId, canOperate }: { unitId: string; canOperate: boolean }) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  const { data } = useUnitSharing(unitId);
  const count = data?.subscriberIds.length ?? 0;
  return (
    <>
      <Button
        variant="default"
        onClick={modal.open}
        data-testid="open-sharing-options"
        rightSection={count > 0 ? <Badge size="sm" circle data-testid="sharing-count">{count}</Badge> : null}
      >
        {t('sharing.button')}
      </Button>
      <SharingOptionsModal unitId={unitId} opened={opened} onClose={modal.close} canOperate={canOperate} />
    </>
  );
}
