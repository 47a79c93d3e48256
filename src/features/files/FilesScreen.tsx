/**
 * Files (/files, spec 002 §2 no role guard): what came back to the media servers of the group's
 * channels (spec 001 §3 File) — name, unit, channel, media server, size, last modified, transfer
 * progress — filtered by kind (chunks, metadata) and date (saved in filesFilters) and by name;
 * rename (spec 001 §5 prefix rule), broadcast start and stop on the channel (the image probe
 * chooses the file server, §9), metadata view and removal (never for read-only users, §6).
 */
import { useState } from 'react';
import { Alert, Badge, Button, Chip, Code, Group, Loader, Modal, Progress, ScrollArea, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../api/call.ts';
import { usePreferences, useSavePreferences } from '../../api/queries.ts';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { errorMessageOf, showError, showSuccess } from '../../components/toasts.ts';
import { useMay } from '../../app/useMay.ts';
import { FILE_DATE_FILTERS, FILE_KINDS, type FileDateFilter, type FileKind } from '../../domain/files.ts';
import { renamePrefixError, recordingBaseOf } from '../../domain/fileNames.ts';
import type { ChannelFile, ChannelFilesAnswer } from '../../protocol/rest/files.ts';
import { useCurrentGroup } from '../fleet/currentGroup.ts';
import { fetchMetadata, fileKeys, removeFile, renameFile, startBroadcast, stopBroadcast, useChannelFiles } from './queries.ts';

/** Bytes as people read them: "1.2 GB", "350 MB", "2.0 KB" (base 1024). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

function RenameModal({ groupId, file, onClose }: { groupId: string; file: ChannelFile; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [prefix, setPrefix] = useState(recordingBaseOf(file.fileName));
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: () => renameFile(groupId, file.fileId, prefix.trim()),
    onSuccess: () => {
      showSuccess(t('files.renamed'));
      void queryClient.invalidateQueries({ queryKey: fileKeys.all });
      onClose();
    },
    onError: (error) => setServerError(fieldErrorsOf(error)['newFileName'] ?? errorMessageOf(error)),
  });
  const error = serverError ?? (touched ? renamePrefixError(prefix) : null);
  return (
    <Modal opened onClose={onClose} title={t('files.renameTitle', { name: file.fileName })} size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (renamePrefixError(prefix) === null) rename.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('files.newName')}
            description={t('files.newNameHint')}
            value={prefix}
            onChange={(e) => {
              setPrefix(e.currentTarget.value);
              setTouched(true);
              setServerError(null);
            }}
            error={error ?? undefined}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('files.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t('files.rename')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function MetadataModal({ groupId, file, onClose }: { groupId: string; file: ChannelFile; onClose(): void }) {
  const { t } = useTranslation();
  const document = useQuery({ queryKey: ['files', 'metadata', file.fileId], queryFn: () => fetchMetadata(groupId, file.channelId, `${file.rootDirectory}/${file.fileName}`) });
  return (
    <Modal opened onClose={onClose} title={t('files.metadataTitle', { name: file.fileName })} size="lg">
      {document.isPending && <Loader size="sm" />}
      {document.isError && <Alert color="red">{errorMessageOf(document.error)}</Alert>}
      {document.data !== undefined && (
        <Code block data-testid="file-metadata">
          {document.data.content}
        </Code>
      )}
    </Modal>
  );
}

function RemoveModal({ groupId, file, onClose }: { groupId: string; file: ChannelFile; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeFile(groupId, file.fileId),
    onSuccess: () => {
      showSuccess(t('files.removed'));
      void queryClient.invalidateQueries({ queryKey: fileKeys.all });
      onClose();
    },
    onError: () => undefined,
  });
  return (
    <Modal opened onClose={onClose} title={t('files.removeTitle')} size="md">
      <Stack gap="sm">
        <Text>{t('files.removeText', { name: file.fileName })}</Text>
        {remove.isError && <Alert color="red">{errorMessageOf(remove.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('files.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            {t('files.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type Dialog = { kind: 'rename' | 'metadata' | 'remove'; file: ChannelFile } | null;

function FileRow({ file, answer, groupId, onDialog }: { file: ChannelFile; answer: ChannelFilesAnswer; groupId: string; onDialog(dialog: Dialog): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayManage = useMay('files.manage');
  const mayDelete = useMay('files.delete');
  const playing = answer.broadcasts.some((b) => b.fileId === file.fileId);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: fileKeys.all });
  const broadcast = useMutation({
    mutationFn: async () => {
      const started = await startBroadcast(groupId, file, answer.mediaServers);
      if (started === null) throw new Error(t('files.noServer'));
      return started;
    },
    onSuccess: () => {
      showSuccess(t('files.broadcasting'));
      refresh();
    },
    onError: (error) => showError(error),
  });
  const stop = useMutation({ mutationFn: () => stopBroadcast(groupId, file.fileId), onSuccess: refresh });
  return (
    <Table.Tr data-testid="file-row" aria-label={file.fileName}>
      <Table.Td>
        <Text fz="sm" fw={500}>
          {file.fileName}
        </Text>
        <Text fz="xs" c="dimmed">
          {file.rootDirectory}
        </Text>
      </Table.Td>
      <Table.Td miw={110}>
        <Badge variant="light" color={file.kind === 'metadata' ? 'grape' : 'blue'} style={{ overflow: 'visible' }}>
          {file.kind === null ? '—' : t(`files.kinds.${file.kind}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{file.luName}</Table.Td>
      <Table.Td>{file.channelName}</Table.Td>
      <Table.Td>{file.mmhName}</Table.Td>
      <Table.Td>{file.isTransferring ? '—' : formatBytes(file.sizeBytes)}</Table.Td>
      <Table.Td>{new Date(file.lastModified).toLocaleString()}</Table.Td>
      <Table.Td w={170}>
        {file.isTransferring ? (
          <Stack gap={2} data-testid="file-transfer">
            <Progress value={file.progress ?? 0} size="lg" animated aria-label={t('files.transferring')} />
            <Text fz="xs" c="dimmed">
              {t('files.transferringAt', { progress: file.progress ?? 0 })}
            </Text>
          </Stack>
        ) : playing ? (
          <Badge color="teal">{t('files.playing')}</Badge>
        ) : (
          <Text fz="xs" c="dimmed">
            {t('files.stored')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {mayManage && !file.isTransferring && (
            <Button size="compact-xs" variant="subtle" onClick={() => onDialog({ kind: 'rename', file })}>
              {t('files.rename')}
            </Button>
          )}
          {mayManage && file.kind === 'chunks' && !file.isTransferring && !playing && (
            <Button size="compact-xs" variant="subtle" loading={broadcast.isPending} onClick={() => broadcast.mutate()}>
              {t('files.broadcast')}
            </Button>
          )}
          {mayManage && playing && (
            <Button size="compact-xs" variant="subtle" color="orange" loading={stop.isPending} onClick={() => stop.mutate()}>
              {t('files.stopBroadcast')}
            </Button>
          )}
          {file.kind === 'metadata' && !file.isTransferring && (
            <Button size="compact-xs" variant="subtle" onClick={() => onDialog({ kind: 'metadata', file })}>
              {t('files.metadata')}
            </Button>
          )}
          {mayDelete && !file.isTransferring && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => onDialog({ kind: 'remove', file })}>
              {t('files.remove')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export default function FilesScreen() {
  const { t } = useTranslation();
  const { groupId } = useCurrentGroup();
  const preferences = usePreferences();
  const save = useSavePreferences();
  const filters = preferences.data?.filesFilters ?? { kinds: [], date: 'any' as FileDateFilter };
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // One kind chip narrows the server's answer; both or none show every file.
  const kind: FileKind | null = filters.kinds.length === 1 ? (filters.kinds[0] ?? null) : null;
  const files = useChannelFiles(groupId, kind, filters.date, debounced);
  const [dialog, setDialog] = useState<Dialog>(null);
  const setFilters = (changes: Partial<typeof filters>) => save.mutate({ filesFilters: { ...filters, ...changes } });
  return (
    <AdminPage
      title={t('routes.files')}
      description={t('files.description')}
      toolbar={
        <>
          <TextInput w={280} placeholder={t('files.search')} aria-label={t('files.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
          <Chip.Group multiple value={[...filters.kinds]} onChange={(value) => setFilters({ kinds: FILE_KINDS.filter((k) => value.includes(k)) })}>
            <Group gap="xs">
              {FILE_KINDS.map((k) => (
                <Chip key={k} value={k} size="sm">
                  {t(`files.kinds.${k}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <SegmentedControl
            size="xs"
            aria-label={t('files.dateLabel')}
            value={filters.date}
            onChange={(value) => setFilters({ date: value as FileDateFilter })}
            data={FILE_DATE_FILTERS.map((d) => ({ value: d, label: t(`files.dates.${d}`) }))}
          />
        </>
      }
    >
      {files.isPending && groupId !== null && <Loader size="sm" />}
      {files.isError && <Alert color="red">{errorMessageOf(files.error)}</Alert>}
      {files.data !== undefined && groupId !== null && (
        <Stack gap="xs">
          <Text fz="sm" c="dimmed" data-testid="files-count">
            {t('files.count', { count: files.data.items.length })}
          </Text>
          <ScrollArea>
            <Table striped highlightOnHover verticalSpacing="xs" miw={1100}>
              <Table.Thead>
                <Table.Tr>
                  {(['name', 'kind', 'unit', 'channel', 'mediaServer', 'size', 'lastModified', 'status', 'actions'] as const).map((c) => (
                    <Table.Th key={c}>{t(`files.columns.${c}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.data.items.map((file) => (
                  <FileRow key={file.fileId} file={file} answer={files.data} groupId={groupId} onDialog={setDialog} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {files.data.items.length === 0 && <Text c="dimmed">{t('files.none')}</Text>}
        </Stack>
      )}
      {dialog?.kind === 'rename' && groupId !== null && <RenameModal groupId={groupId} file={dialog.file} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'metadata' && groupId !== null && <MetadataModal groupId={groupId} file={dialog.file} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'remove' && groupId !== null && <RemoveModal groupId={groupId} file={dialog.file} onClose={() => setDialog(null)} />}
    </AdminPage>
  );
}
