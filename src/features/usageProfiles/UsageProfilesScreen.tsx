/**
 * Usage Profiles (spec 002 §2 /usage_profiles, admin set; §3 "name, type (data or hours), hours or
 * MB per month, reset day"): the default profiles and those of the user's inventories, paged from
 * the server, searched and sorted; a click opens the profile, "New usage profile" creates one.
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
import { USAGE_PROFILE_SEARCH_KEYS, USAGE_PROFILE_SORT_KEYS, type UsageProfileRow, type UsageProfileSearchKey, type UsageProfileSortKey } from '../../protocol/rest/usageProfiles.ts';
import { fetchUsageProfilePage, usageProfileKeys } from './queries.ts';
import { UsageProfileDrawer } from './UsageProfileDrawer.tsx';

type Editing = { readonly kind: 'closed' } | { readonly kind: 'new' } | { readonly kind: 'existing'; readonly profile: UsageProfileRow };

export function UsageProfilesScreen() {
  const { t, i18n } = useTranslation();
  const canAdminister = useMay('usageProfiles.admin');
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const list = usePagedList<UsageProfileSearchKey, UsageProfileSortKey, UsageProfileRow>({ queryKey: usageProfileKeys.list, defaultKey: 'name', defaultSort: 'name', fetchPage: fetchUsageProfilePage });
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const columns: DataTableColumn<UsageProfileRow>[] = [
    {
      accessor: 'name',
      title: t('usageProfiles.columns.name'),
      sortable: true,
      render: (p) => (
        <Group gap={6}>
          <Text fw={600} fz="sm">
            {p.name}
          </Text>
          {p.isDefault && (
            <Badge size="xs" variant="light" color="gray">
              {t('usageProfiles.default')}
            </Badge>
          )}
        </Group>
      ),
    },
    { accessor: 'type', title: t('usageProfiles.columns.type'), sortable: true, render: (p) => t(`usageProfiles.types.${p.type}`) },
    { accessor: 'value', title: t('usageProfiles.columns.value'), sortable: true, textAlign: 'right', render: (p) => t(`usageProfiles.perMonth.${p.type}`, { value: number.format(p.value) }) },
    { accessor: 'resetDay', title: t('usageProfiles.columns.resetDay'), sortable: true, textAlign: 'right' },
    { accessor: 'deviceCount', title: t('usageProfiles.columns.deviceCount'), sortable: true, textAlign: 'right' },
    { accessor: 'inventoryName', title: t('usageProfiles.columns.inventoryName'), sortable: true, render: (p) => p.inventoryName ?? t('usageProfiles.allInventories') },
    { accessor: 'createdAt', title: t('usageProfiles.columns.createdAt'), sortable: true, render: (p) => date.format(p.createdAt) },
  ];

  return (
    <AdminPage
      title={t('routes.usage_profiles')}
      description={t('usageProfiles.description')}
      actions={canAdminister && <Button onClick={() => setEditing({ kind: 'new' })}>{t('usageProfiles.new')}</Button>}
      toolbar={<TableSearch search={list.search} keys={USAGE_PROFILE_SEARCH_KEYS.map((key) => ({ value: key, label: t(`usageProfiles.search.${key}`) }))} onChange={list.setSearch} />}
    >
      <ServerTable label={t('routes.usage_profiles')} list={list} columns={columns} sortKeys={USAGE_PROFILE_SORT_KEYS} idAccessor="id" onRowClick={(profile) => setEditing({ kind: 'existing', profile })} />
      {editing.kind !== 'closed' && (
        <UsageProfileDrawer
          key={editing.kind === 'existing' ? editing.profile.id : 'new'}
          profile={editing.kind === 'existing' ? editing.profile : null}
          onClose={() => setEditing({ kind: 'closed' })}
          onSaved={(profile) => setEditing({ kind: 'existing', profile })}
        />
      )}
    </AdminPage>
  );
}

export default UsageProfilesScreen;
