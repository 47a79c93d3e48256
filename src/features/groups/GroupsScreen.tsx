/**
 * Groups (spec 002 §2 /groups, admin set): every group the user administers, paged from the
 * server, searched by name or inventory and sorted by any column; a click opens the group in the
 * drawer (details and members), "New group" creates one.
 */
import { useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { ServerTable } from '../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../components/admin/TableSearch.tsx';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { useMay } from '../../app/useMay.ts';
import { GROUP_SEARCH_KEYS, GROUP_SORT_KEYS, type GroupRow, type GroupSearchKey, type GroupSortKey } from '../../protocol/rest/groups.ts';
import { fetchGroupPage, groupKeys } from './queries.ts';
import { GroupDrawer } from './GroupDrawer.tsx';

/** What the drawer shows: nothing, a new group, or an existing one. */
type Editing = { readonly kind: 'closed' } | { readonly kind: 'new' } | { readonly kind: 'existing'; readonly group: GroupRow };

export function GroupsScreen() {
  const { t, i18n } = useTranslation();
  const canAdminister = useMay('groups.admin');
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const list = usePagedList<GroupSearchKey, GroupSortKey, GroupRow>({ queryKey: groupKeys.list, defaultKey: 'name', defaultSort: 'name', fetchPage: fetchGroupPage });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const columns: DataTableColumn<GroupRow>[] = [
    { accessor: 'name', title: t('groups.columns.name'), sortable: true, render: (g) => <Text fw={600} fz="sm">{g.name}</Text> },
    { accessor: 'inventoryName', title: t('groups.columns.inventoryName'), sortable: true },
    { accessor: 'unitCount', title: t('groups.columns.unitCount'), sortable: true, textAlign: 'right' },
    { accessor: 'channelCount', title: t('groups.columns.channelCount'), textAlign: 'right' },
    { accessor: 'userCount', title: t('groups.columns.userCount'), sortable: true, textAlign: 'right' },
    {
      accessor: 'autoAssociation',
      title: t('groups.columns.autoAssociation'),
      render: (g) => (
        <Group gap={4}>
          {g.autoAssociation && <Badge variant="light" size="sm">{t('groups.auto.users')}</Badge>}
          {g.unitAutoAssociation && <Badge variant="light" color="grape" size="sm">{t('groups.auto.units')}</Badge>}
          {!g.autoAssociation && !g.unitAutoAssociation && <Text c="dimmed" fz="sm">{t('groups.auto.none')}</Text>}
        </Group>
      ),
    },
    { accessor: 'createdAt', title: t('groups.columns.createdAt'), sortable: true, render: (g) => date.format(g.createdAt) },
  ];

  return (
    <AdminPage
      title={t('routes.groups')}
      description={t('groups.description')}
      actions={
        canAdminister && (
          <Button onClick={() => setEditing({ kind: 'new' })}>{t('groups.new')}</Button>
        )
      }
      toolbar={<TableSearch search={list.search} keys={GROUP_SEARCH_KEYS.map((key) => ({ value: key, label: t(`groups.search.${key}`) }))} onChange={list.setSearch} />}
    >
      <ServerTable
        label={t('routes.groups')}
        list={list}
        columns={columns}
        sortKeys={GROUP_SORT_KEYS}
        idAccessor="id"
        onRowClick={(group) => setEditing({ kind: 'existing', group })}
      />
      {editing.kind !== 'closed' && (
        <GroupDrawer
          key={editing.kind === 'existing' ? editing.group.id : 'new'}
          group={editing.kind === 'existing' ? editing.group : null}
          onClose={() => setEditing({ kind: 'closed' })}
          onSaved={(group) => setEditing({ kind: 'existing', group })}
        />
      )}
    </AdminPage>
  );
}

export default GroupsScreen;
