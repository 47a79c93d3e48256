/**
 * Ask for a remote action on a device (spec 000 §6): pick one of the devices the user reaches (by
 * name, searched on the server), one of its actions and an optional note for the customer. The
 * answer says what happened: it ran (the device's answer), or it waits for the customer's
 * approval because the device has no active support access.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, messageOf } from '../../api/call.ts';
import { REMOTE_ACTION_LABELS, REMOTE_ACTION_NOTE_MAX, type RemoteActionName } from '../../domain/support.ts';
import type { RemoteAction, SupportDevice } from '../../protocol/rest/support.ts';
import { fetchDevicePage, invalidateSupport, requestRemoteAction, supportKeys } from '../supportAccess/queries.ts';
import { AccessBadge, ActionStatusBadge } from '../supportAccess/SupportBadges.tsx';

/** Devices offered per search (the search narrows them). */
const DEVICE_OPTIONS = 50;

export function NewRemoteActionModal({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [sent] = useDebouncedValue(search, 250);
  const [device, setDevice] = useState<SupportDevice | null>(null);
  const [action, setAction] = useState<RemoteActionName | null>(null);
  const [note, setNote] = useState('');
  const [answer, setAnswer] = useState<RemoteAction | null>(null);

  const devices = useQuery({
    queryKey: [...supportKeys.devices, 'picker', sent],
    queryFn: ({ signal }) => fetchDevicePage({ limit: DEVICE_OPTIONS, offset: 0, searchKey: 'name', searchValue: sent, sortBy: 'name', sortDir: 'asc', kind: 'unit' }, signal),
  });
  const options = devices.data?.items ?? [];
  const submit = useMutation({
    mutationFn: () => requestRemoteAction({ deviceKind: device?.kind ?? 'unit', deviceId: device?.id ?? '', action: action ?? 'reboot', ...(note.trim() !== '' ? { note } : {}) }),
    onSuccess: (created) => {
      setAnswer(created);
      return invalidateSupport(queryClient);
    },
  });
  const fields = submit.isError ? fieldErrorsOf(submit.error) : {};
  const noteTooLong = note.length > REMOTE_ACTION_NOTE_MAX;

  return (
    <Modal opened onClose={onClose} title={t('support.new.title')} size="lg">
      {answer !== null ? (
        <Stack gap="sm" data-testid="remote-action-answer">
          <Group gap="xs">
            <ActionStatusBadge status={answer.status} />
            <Text fz="sm" fw={600}>
              {REMOTE_ACTION_LABELS[answer.action]} · {answer.deviceName}
            </Text>
          </Group>
          <Text fz="sm">{answer.status === 'awaitingApproval' ? t('support.new.waiting') : answer.result}</Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('support.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Select
            label={t('support.new.device')}
            placeholder={t('support.new.devicePlaceholder')}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            nothingFoundMessage={devices.isFetching ? t('support.loading') : t('support.new.noDevice')}
            data={options.map((d) => ({ value: d.id, label: `${d.name} (${d.inventoryName})` }))}
            value={device?.id ?? null}
            onChange={(value) => {
              const picked = options.find((d) => d.id === value) ?? null;
              setDevice(picked);
              setAction(picked?.actions[0] ?? null);
            }}
            error={fields['deviceId']}
            required
          />
          {device !== null && (
            <Group gap="xs">
              <AccessBadge status={device.access.status} />
              <Text fz="xs" c="dimmed">
                {device.access.status === 'active' ? t('support.askRunsNow') : t('support.askNeedsApproval')}
              </Text>
            </Group>
          )}
          <Select
            label={t('support.new.action')}
            data={(device?.actions ?? []).map((a) => ({ value: a, label: REMOTE_ACTION_LABELS[a] }))}
            value={action}
            onChange={(value) => setAction(value as RemoteActionName | null)}
            disabled={device === null}
            error={fields['action']}
            required
          />
          <Textarea
            label={t('support.new.note')}
            description={t('support.new.noteHelp', { max: REMOTE_ACTION_NOTE_MAX })}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={noteTooLong ? t('support.new.noteTooLong', { max: REMOTE_ACTION_NOTE_MAX }) : fields['note']}
            autosize
            minRows={2}
          />
          {submit.isError && Object.keys(fields).length === 0 && <Alert color="red">{messageOf(submit.error)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('support.cancel')}
            </Button>
            <Button onClick={() => submit.mutate()} loading={submit.isPending} disabled={device === null || action === null || noteTooLong}>
              {t('support.new.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
