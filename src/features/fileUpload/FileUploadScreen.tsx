/**
 * File upload (/file_upload, the admin set; spec 000 §2): pick a unit and one of its storages, list
 * its files (v2/units/{id}/storages, storages/files), upload or delete the selected paths, cancel a
 * pending upload, and follow the statuses (pending, uploading, success, failed, rejected).
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useClientConfiguration } from '../../api/queries.ts';
import { errorMessageOf, showSuccess } from '../../components/toasts.ts';
import { canDeleteFiles } from '../../domain/roles/roleSets.ts';
import { cancelUploads, deleteFiles, fetchFiles, fetchStorages, uploadFiles } from '../unit/api/unitCalls.ts';
import { decodeFiles, decodeStorages, isCancellable, selectedListed, uploadStatusByPath } from './fileListing.ts';
import { FilesTable } from './FilesTable.tsx';
import { UnitPicker } from './UnitPicker.tsx';

/** Statuses are refetched this often while an upload is pending or uploading (ms; ours). */
const STATUS_REFRESH_MS = 5_000;

export default function FileUploadScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const roles = useClientConfiguration().data?.loggedUserRoles ?? [];
  const [unitId, setUnitId] = useState<string | null>(null);
  const [storagePath, setStoragePath] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmDelete, deleteModal] = useDisclosure(false);

  const storages = useQuery({ queryKey: ['session', 'fileUpload', unitId, 'storages'], queryFn: ({ signal }) => fetchStorages(unitId ?? '', signal), enabled: unitId !== null });
  const storageList = decodeStorages(storages.data);
  const path = storagePath ?? storageList[0]?.path ?? null;
  const filesKey = ['session', 'fileUpload', unitId, 'files', path] as const;
  const files = useQuery({
    queryKey: filesKey,
    queryFn: ({ signal }) => fetchFiles(unitId ?? '', path ?? '/', signal),
    enabled: unitId !== null && path !== null,
    refetchInterval: (query) => ([...uploadStatusByPath(query.state.data).values()].some(isCancellable) ? STATUS_REFRESH_MS : false),
  });
  const rows = decodeFiles(files.data);
  const statuses = uploadStatusByPath(files.data);
  const chosen = selectedListed(selected, rows.map((r) => r.path));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['session', 'fileUpload', unitId] });

  const upload = useMutation({ mutationFn: () => uploadFiles(unitId ?? '', chosen), onSuccess: () => (showSuccess(t('fileUpload.toast.uploadStarted', { count: chosen.length })), refresh()) });
  const remove = useMutation({
    mutationFn: () => deleteFiles(unitId ?? '', chosen),
    onSuccess: () => {
      showSuccess(t('fileUpload.toast.deleted', { count: chosen.length }));
      setSelected(new Set());
      deleteModal.close();
      refresh();
    },
  });
  const cancellable = chosen.filter((p) => isCancellable(statuses.get(p)));
  const cancel = useMutation({ mutationFn: () => cancelUploads(unitId ?? '', cancellable), onSuccess: () => (showSuccess(t('fileUpload.toast.cancelled')), refresh()) });

  return (
    <Stack gap="md" data-testid="file-upload">
      <Title order={1} fz="h2">
        {t('routes.file_upload')}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end">
          <UnitPicker
            value={unitId}
            onChange={(id) => {
              setUnitId(id);
              setStoragePath(null);
              setSelected(new Set());
            }}
          />
          <Select
            label={t('fileUpload.storage')}
            data={storageList.map((s) => ({ value: s.path, label: s.freeMb === undefined ? s.name : t('fileUpload.storageFree', { name: s.name, free: s.freeMb }) }))}
            value={path}
            onChange={(value) => (setStoragePath(value), setSelected(new Set()))}
            disabled={unitId === null}
            w={280}
          />
        </Group>
      </Paper>
      {unitId === null ? (
        <Text c="dimmed">{t('fileUpload.pickUnitHint')}</Text>
      ) : storages.isError || files.isError ? (
        <Alert color="red">{errorMessageOf(storages.error ?? files.error)}</Alert>
      ) : (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" mb="sm">
            <Text fz="sm" c="dimmed">
              {t('fileUpload.selected', { count: chosen.length })}
            </Text>
            <Group>
              <Button disabled={chosen.length === 0} loading={upload.isPending} onClick={() => upload.mutate()}>
                {t('fileUpload.upload')}
              </Button>
              <Button variant="default" disabled={cancellable.length === 0} loading={cancel.isPending} onClick={() => cancel.mutate()}>
                {t('fileUpload.cancelUpload')}
              </Button>
              <Button color="red" variant="light" disabled={chosen.length === 0 || !canDeleteFiles(roles)} onClick={deleteModal.open}>
                {t('fileUpload.delete')}
              </Button>
            </Group>
          </Group>
          <FilesTable files={rows} statuses={statuses} selected={selected} onSelect={setSelected} />
        </Paper>
      )}
      <Modal opened={confirmDelete} onClose={deleteModal.close} title={t('fileUpload.deleteTitle')} centered>
        <Text mb="lg">{t('fileUpload.deleteConfirm', { count: chosen.length })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={deleteModal.close}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            {t('fileUpload.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
