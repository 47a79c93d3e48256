/**
 * System Entities › Inventories (spec 001 §3 Inventory, 002 §2 /system_entities/inventories, super
 * user): every inventory, paged from the server, searched by name, customer or region and sorted
 * by any column; a click opens the inventory in the drawer (details, its groups), "New inventory"
 * creates one.
 */
import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../../components/admin/TableSearch.tsx';
import { usePagedList } from '../../../components/admin/usePagedList.ts';
import { useMay } from '../../../app/useMay.ts';
import {
  INVENTORY_SEARCH_KEYS,
  INVENTORY_SORT_KEYS,
  type InventoryDetails,
  type InventorySearchKey,
  type InventorySortKey,
} from '../../../protocol/rest/inventories.ts';
import { fetchInventoryPage, inventoryKeys } from './queries.ts';
import { InventoryDrawer } from './InventoryDrawer.tsx';

/** What the drawer shows: nothing, a new inventory, or an existing one. */
type Editing = { readonly kind: 'closed' } | { readonly kind: 'new' } | { readonly kind: 'existing'; readonly inventory: InventoryDetails };

export function InventoriesTab() {
  const { t, i18n } = useTranslation();
  const canAdminister = useMay('inventories.admin');
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const list = usePagedList<InventorySearchKey, InventorySortKey, InventoryDetails>({
    queryKey: inventoryKeys.list,
    defaultKey: 'name',
    defaultSort: 'name',
    fetchPage: fetchInventoryPage,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const dimmedWhenEmpty = (text: string) => (text === '' ? <Text c="dimmed" fz="sm">{t('inventories.noParent')}</Text> : text);

  const columns: DataTableColumn<InventoryDetails>[] = [
    { accessor: 'name', title: t('inventories.columns.name'), sortable: true, render: (inv) => <Text fw={600} fz="sm">{inv.name}</Text> },
    { accessor: 'customer', title: t('inventories.columns.customer'), sortable: true, render: (inv) => dimmedWhenEmpty(inv.customer) },
    { accessor: 'region', title: t('inventories.columns.region'), sortable: true, render: (inv) => dimmedWhenEmpty(inv.region) },
    { accessor: 'parentName', title: t('inventories.columns.parentName'), sortable: true, render: (inv) => dimmedWhenEmpty(inv.parentName ?? '') },
    { accessor: 'groupCount', title: t('inventories.columns.groupCount'), sortable: true, textAlign: 'right' },
    { accessor: 'unitCount', title: t('inventories.columns.unitCount'), sortable: true, textAlign: 'right' },
    { accessor: 'userCount', title: t('inventories.columns.userCount'), sortable: true, textAlign: 'right' },
    { accessor: 'createdAt', title: t('inventories.columns.createdAt'), sortable: true, render: (inv) => date.format(inv.createdAt) },
  ];

  return (
    <AdminPage
      title={t('routes.psg/system_entities/inventories')}
      description={t('inventories.description')}
      actions={canAdminister && <Button onClick={() => setEditing({ kind: 'new' })}>{t('inventories.new')}</Button>}
      toolbar={<TableSearch search={list.search} keys={INVENTORY_SEARCH_KEYS.map((key) => ({ value: key, label: t(`inventories.search.${key}`) }))} onChange={list.setSearch} />}
    >
      <ServerTable
        label={t('systemEntities.tabs.inventories')}
        list={list}
        columns={columns}
        sortKeys={INVENTORY_SORT_KEYS}
        idAccessor="id"
        onRowClick={(inventory) => setEditing({ kind: 'existing', inventory })}
      />
      {editing.kind !== 'closed' && (
        <InventoryDrawer
          key={editing.kind === 'existing' ? editing.inventory.id : 'new'}
          inventory={editing.kind === 'existing' ? editing.inventory : null}
          onClose={() => setEditing({ kind: 'closed' })}
          onSaved={(inventory) => setEditing({ kind: 'existing', inventory })}
        />
      )}
    </AdminPage>
  );
}

export default InventoriesTab;
