/**
 * System Entities › Units and › DataBridge Gateways (spec 002 §2, super user): every unit, server
 * paged, searched and sorted through the admin unit listing (v2/admin/units); the gateways tab is
 * the same list held to the type DataBridge Gateway (spec 000 §5 "DataBridge Extender and
 * Gateway"). A row opens the unit's page.
 */
import { Badge, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../../components/admin/TableSearch.tsx';
import { usePagedList } from '../../../components/admin/usePagedList.ts';
import type { UnitListKey, UnitView } from '../../../protocol/rest/units.ts';
import { systemEntityKeys, unitPageFetcher } from '../queries.ts';

/** spec 000 §5: the gateway's model name, as units carry it in `type`. */
export const DATABRIDGE_GATEWAY_TYPE = 'DataBridge Gateway';

const SEARCH_KEYS = ['name', 'serial', 'type', 'swVersion', 'uid'] as const satisfies readonly UnitListKey[];
const SORT_KEYS = ['name', 'type', 'serial', 'swVersion', 'createdAt'] as const satisfies readonly UnitListKey[];

function UnitList({ fixedType, title, description, label }: { readonly fixedType: string | null; readonly title: string; readonly description: string; readonly label: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = usePagedList<UnitListKey, UnitListKey, UnitView>({
    queryKey: systemEntityKeys.units(fixedType),
    defaultKey: 'name',
    defaultSort: 'name',
    fetchPage: unitPageFetcher(fixedType),
  });
  const columns: DataTableColumn<UnitView>[] = [
    { accessor: 'name', title: t('systemEntities.units.name'), sortable: true, render: (u) => <Text fw={600} fz="sm">{u.name}</Text> },
    { accessor: 'type', title: t('systemEntities.units.type'), sortable: true },
    { accessor: 'serial', title: t('systemEntities.units.serial'), sortable: true, render: (u) => <Text ff="monospace" fz="sm">{u.serial}</Text> },
    { accessor: 'swVersion', title: t('systemEntities.units.swVersion'), sortable: true },
    { accessor: 'status', title: t('systemEntities.units.status'), render: (u) => <Badge variant="light" color={u.isOffline ? 'gray' : 'green'}>{u.status}</Badge> },
  ];
  return (
    <AdminPage
      title={title}
      description={description}
      toolbar={fixedType === null ? <TableSearch search={list.search} keys={SEARCH_KEYS.map((key) => ({ value: key, label: t(`systemEntities.units.${key}`) }))} onChange={list.setSearch} /> : undefined}
    >
      <ServerTable label={label} list={list} columns={columns} sortKeys={SORT_KEYS} idAccessor="uid" onRowClick={(unit) => void navigate(`/unit/${encodeURIComponent(unit.uid)}`)} />
    </AdminPage>
  );
}

export default function UnitsTab() {
  const { t } = useTranslation();
  return <UnitList fixedType={null} title={t('routes.psg/system_entities/units')} description={t('systemEntities.units.description')} label={t('systemEntities.tabs.units')} />;
}

export function DbGatewaysTab() {
  const { t } = useTranslation();
  return (
    <UnitList fixedType={DATABRIDGE_GATEWAY_TYPE} title={t('routes.psg/system_entities/dbGateways')} description={t('systemEntities.dbGateways.description')} label={t('systemEntities.tabs.dbGateways')} />
  );
}
