/**
 * The folders of an inventory's publishers or subscribers (spec 002 §5: folder names unique, root
 * folders cannot be edited): the tree, the root first, each with how many parties it holds; the
 * selected folder filters the table. New folders go inside the selected one. The root's rename and
 * delete are disabled and say why; a non-empty folder's deletion shows the server's refusal.
 */
import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, NavLink, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, messageOf } from '../../api/call.ts';
import { ConfirmDelete } from '../../components/admin/ConfirmDelete.tsx';
import { showSuccess } from '../../components/toasts.ts';
import { SHARE_MESSAGES, shareFolderNameError, type ShareKind } from '../../domain/shares.ts';
import type { ShareFolder } from '../../protocol/rest/shares.ts';
import { createFolder, deleteFolder, invalidateShares, renameFolder } from './queries.ts';

/** Left padding per tree level (px). */
const INDENT_PX = 14;

function depthOf(folder: ShareFolder, byId: ReadonlyMap<string, ShareFolder>): number {
  let depth = 0;
  for (let parent = folder.parentId; parent !== null && depth < 32; parent = byId.get(parent)?.parentId ?? null) depth += 1;
  return depth;
}

/** The tree in display order: each folder followed by its children, by name. */
function treeOrder(folders: readonly ShareFolder[]): ShareFolder[] {
  const children = (parent: string | null) => folders.filter((f) => f.parentId === parent).sort((a, b) => a.name.localeCompare(b.name));
  const out: ShareFolder[] = [];
  const walk = (parent: string | null) => {
    for (const f of children(parent)) {
      out.push(f);
      walk(f.id);
    }
  };
  walk(null);
  return out;
}

type Editing = { readonly mode: 'new' } | { readonly mode: 'rename'; readonly folder: ShareFolder };

export interface FolderPanelProps {
  readonly kind: ShareKind;
  readonly inventoryId: string;
  readonly folders: readonly ShareFolder[];
  readonly selectedId: string | null;
  readonly onSelect: (folderId: string) => void;
}

export function FolderPanel({ kind, inventoryId, folders, selectedId, onSelect }: FolderPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<ShareFolder | null>(null);
  const byId = new Map(folders.map((f) => [f.id, f]));
  const selected = selectedId === null ? undefined : byId.get(selectedId);

  const open = (next: Editing) => {
    setEditing(next);
    setName(next.mode === 'rename' ? next.folder.name : '');
    setError(null);
  };
  const taken = (exceptId?: string) => folders.filter((f) => f.id !== exceptId).map((f) => f.name);
  const submit = async () => {
    if (editing === null) return;
    const problem = shareFolderNameError(name.trim(), taken(editing.mode === 'rename' ? editing.folder.id : undefined));
    if (problem !== null) return setError(problem);
    setBusy(true);
    try {
      const saved = editing.mode === 'new' ? await createFolder(kind, inventoryId, name.trim(), selected?.id ?? null) : await renameFolder(inventoryId, editing.folder.id, name.trim());
      showSuccess(t(editing.mode === 'new' ? 'kit.form.created' : 'kit.form.saved', { name: saved.name }));
      await invalidateShares(queryClient);
      onSelect(saved.id);
      setEditing(null);
    } catch (refusal) {
      setError(fieldErrorsOf(refusal)['name'] ?? messageOf(refusal));
    } finally {
      setBusy(false);
    }
  };

  const rootReason = selected?.isRoot === true ? SHARE_MESSAGES.rootFolderNotEditable : null;
  return (
    <Paper withBorder p="xs" miw={230} maw={280} style={{ alignSelf: 'flex-start' }}>
      <Stack gap={6}>
        <Group justify="space-between" gap={4}>
          <Text fw={600} fz="sm">
            {t('shares.folders.title')}
          </Text>
          <Button size="compact-xs" variant="light" onClick={() => open({ mode: 'new' })}>
            {t('shares.folders.new')}
          </Button>
        </Group>
        <nav aria-label={t('shares.folders.title')}>
          {treeOrder(folders).map((folder) => (
            <NavLink
              key={folder.id}
              component="button"
              type="button"
              label={folder.name}
              active={folder.id === selectedId}
              onClick={() => onSelect(folder.id)}
              pl={8 + depthOf(folder, byId) * INDENT_PX}
              rightSection={
                <Badge size="xs" variant="light" color={folder.isRoot ? 'blue' : 'gray'}>
                  {folder.count}
                </Badge>
              }
              aria-current={folder.id === selectedId ? 'true' : undefined}
            />
          ))}
        </nav>
        {selected !== undefined && (
          <Group gap={4} justify="flex-end">
            <Tooltip label={rootReason ?? t('shares.folders.rename')} withinPortal>
              <ActionIcon variant="subtle" aria-label={t('shares.folders.rename')} disabled={rootReason !== null} onClick={() => open({ mode: 'rename', folder: selected })}>
                ✎
              </ActionIcon>
            </Tooltip>
            <Tooltip label={rootReason ?? t('shares.folders.delete')} withinPortal>
              <ActionIcon variant="subtle" color="red" aria-label={t('shares.folders.delete')} disabled={rootReason !== null} onClick={() => setDeleting(selected)}>
                ✕
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
        {rootReason !== null && (
          <Text fz="xs" c="dimmed">
            {rootReason}
          </Text>
        )}
      </Stack>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.mode === 'rename' ? t('shares.folders.renameTitle', { name: editing.folder.name }) : t('shares.folders.newTitle', { parent: selected?.name ?? '' })} centered closeButtonProps={{ 'aria-label': t('kit.form.close') }}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Stack>
            <TextInput
              label={t('shares.folders.name')}
              required
              data-autofocus
              value={name}
              error={error}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setError(null);
              }}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setEditing(null)}>
                {t('kit.form.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {editing?.mode === 'rename' ? t('kit.form.save') : t('kit.form.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDelete
        name={deleting?.name ?? null}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting === null) return;
          await deleteFolder(inventoryId, deleting.id);
          showSuccess(t('kit.confirmDelete.deleted', { name: deleting.name }));
          setDeleting(null);
          onSelect(folders.find((f) => f.isRoot)?.id ?? '');
          await invalidateShares(queryClient);
        }}
      />
    </Paper>
  );
}
