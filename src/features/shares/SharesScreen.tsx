/**
 * My Publishers (/publishers) and My Subscribers (/subscribers), spec 002 §2 (super user or media
 * group admin), §3 (name, share key, description, group, created on and by), §5 (names 1-32;
 * subscriber name and share key unique per inventory; folder names unique; root folders cannot be
 * edited). One screen per kind: the inventory (among the user's), its folders on the left, the
 * parties of the selected folder on the right, paged from the server, searched and sorted; a click
 * opens one in the drawer, "New …" creates one in the selected folder. Subscribers made here are
 * the ones a unit's sharing options (the unit page's sharing modal) offer.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Code, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { messageOf } from '../../api/call.ts';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { ServerTable } from '../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../components/admin/TableSearch.tsx';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import type { ShareKind } from '../../domain/shares.ts';
import { SHARE_SEARCH_KEYS, SHARE_SORT_KEYS, type SharePartyRow, type ShareSearchKey, type ShareSortKey } from '../../protocol/rest/shares.ts';
import { useCurrentGroup } from '../fleet/currentGroup.ts';
import { FolderPanel } from './FolderPanel.tsx';
import { PartyDrawer } from './PartyDrawer.tsx';
import { fetchFolders, fetchPartyPage, shareKeys } from './queries.ts';

type Editing = { readonly kind: 'closed' } | { readonly kind: 'new' } | { readonly kind: 'existing'; readonly party: SharePartyRow };

/** The user's inventories, from their groups (groups/fetch), the current group's first. */
function useInventories(): { readonly options: { value: string; label: string }[]; readonly initial: string | null } {
  const { groupId, groups } = useCurrentGroup();
  return useMemo(() => {
    const seen = new Map<string, string>();
    for (const g of groups) if (!seen.has(g.inventoryId)) seen.set(g.inventoryId, g.inventoryName);
    const current = groups.find((g) => g.uid === groupId)?.inventoryId ?? groups[0]?.inventoryId ?? null;
    return { options: [...seen].map(([value, label]) => ({ value, label })), initial: current };
  }, [groupId, groups]);
}

export function SharesScreen({ kind }: { readonly kind: ShareKind }) {
  const { t, i18n } = useTranslation();
  const inventories = useInventories();
  const [inventoryId, setInventoryId] = useState<string | null>(inventories.initial);
  useEffect(() => {
    if (inventoryId === null && inventories.initial !== null) setInventoryId(inventories.initial);
  }, [inventoryId, inventories.initial]);
  const [folderId, setFolderId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });

  const folders = useQuery({
    queryKey: shareKeys.folders(kind, inventoryId ?? ''),
    queryFn: ({ signal }) => fetchFolders(kind, inventoryId ?? '', signal),
    enabled: inventoryId !== null,
  });
  const root = folders.data?.find((f) => f.isRoot);
  const shownFolder = folders.data?.find((f) => f.id === folderId) ?? root;
  const list = usePagedList<ShareSearchKey, ShareSortKey, SharePartyRow>({
    queryKey: shareKeys.list(kind, inventoryId ?? '', shownFolder?.id ?? null),
    defaultKey: 'name',
    defaultSort: 'name',
    fetchPage: fetchPartyPage(kind, inventoryId ?? '', shownFolder?.id ?? null),
    enabled: inventoryId !== null && shownFolder !== undefined,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const title = t(`routes.${kind}`);

  const columns: DataTableColumn<SharePartyRow>[] = [
    { accessor: 'name', title: t('shares.columns.name'), sortable: true, render: (p) => <Text fw={600} fz="sm">{p.name}</Text> },
    { accessor: 'shareKey', title: t('shares.columns.shareKey'), render: (p) => <Code>{p.shareKey}</Code> },
    { accessor: 'description', title: t('shares.columns.description'), sortable: true, render: (p) => <Text fz="sm" lineClamp={1}>{p.description}</Text> },
    { accessor: 'groupName', title: t('shares.columns.group'), render: (p) => p.groupName ?? <Text c="dimmed" fz="sm">—</Text> },
    { accessor: 'folderName', title: t('shares.columns.folder') },
    { accessor: 'createdOn', title: t('shares.columns.createdOn'), sortable: true, render: (p) => date.format(p.createdOn) },
    { accessor: 'createdBy', title: t('shares.columns.createdBy'), sortable: true },
  ];

  return (
    <AdminPage
      title={title}
      description={t(`shares.${kind}.description`)}
      actions={
        inventoryId !== null &&
        shownFolder !== undefined && <Button onClick={() => setEditing({ kind: 'new' })}>{t(`shares.${kind}.new`)}</Button>
      }
      toolbar={
        <>
          <Select
            aria-label={t('shares.inventory')}
            placeholder={t('shares.inventory')}
            w={220}
            data={inventories.options}
            value={inventoryId}
            onChange={(value) => {
              setInventoryId(value);
              setFolderId(null);
            }}
          />
          <TableSearch search={list.search} keys={SHARE_SEARCH_KEYS.map((key) => ({ value: key, label: t(`shares.search.${key}`) }))} onChange={list.setSearch} />
        </>
      }
    >
      {inventoryId === null ? (
        <Alert color="gray">{t('shares.noInventory')}</Alert>
      ) : folders.error !== null ? (
        <Alert color="red" role="alert">
          {messageOf(folders.error)}
        </Alert>
      ) : folders.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : (
        <Group align="flex-start" wrap="nowrap" gap="md">
          <FolderPanel kind={kind} inventoryId={inventoryId} folders={folders.data ?? []} selectedId={shownFolder?.id ?? null} onSelect={setFolderId} />
          <Stack style={{ flex: 1, minWidth: 0 }} gap="xs">
            {shownFolder !== undefined && (
              <Text fz="sm" c="dimmed">
                {t('shares.inFolder', { folder: shownFolder.name })}
              </Text>
            )}
            <ServerTable label={title} list={list} columns={columns} sortKeys={SHARE_SORT_KEYS} idAccessor="id" onRowClick={(party) => setEditing({ kind: 'existing', party })} />
          </Stack>
        </Group>
      )}
      {editing.kind !== 'closed' && inventoryId !== null && shownFolder !== undefined && (
        <PartyDrawer
          key={editing.kind === 'existing' ? editing.party.id : 'new'}
          kind={kind}
          inventoryId={inventoryId}
          party={editing.kind === 'existing' ? editing.party : null}
          folders={folders.data ?? []}
          folderId={shownFolder.id}
          onClose={() => setEditing({ kind: 'closed' })}
          onSaved={(party) => setEditing({ kind: 'existing', party })}
        />
      )}
    </AdminPage>
  );
}
