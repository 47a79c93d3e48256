/**
 * System Entities › MMH, VR, Ingest and Transceiver Servers (spec 001 §3 Server, 002 §2, super
 * user): every server of the tab's type in every inventory (GET v2/admin/servers?type=), server
 * paged, searched and sorted, with its inventory, software version, admin fields (max channels,
 * cloud region) and how many channels it runs. A row opens the Devices screen's edit-server drawer
 * (General, Server Info, SMPTE 2110, IP Pipe, support access) on that server's live record.
 */
import { useState } from 'react';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../../components/admin/TableSearch.tsx';
import { usePagedList } from '../../../components/admin/usePagedList.ts';
import type { ServerAdminQuery } from '../../../domain/servers.ts';
import {
  SYSTEM_SERVER_SEARCH_KEYS,
  SYSTEM_SERVER_SORT_KEYS,
  type SystemServerRow,
  type SystemServerSearchKey,
  type SystemServerSortKey,
} from '../../../protocol/rest/systemEntities.ts';
import { serverPageFetcher, systemEntityKeys } from '../queries.ts';
import { EditServerDrawer } from '../../devices/EditServerDrawer.tsx';
import { deviceKeys, fetchServer } from '../../devices/queries.ts';

/** The tab's path segment for each admin server type (spec 002 §2). */
const TAB_OF = { mmh_server: 'mmh_servers', vr_server: 'vr_servers', ingest_server: 'ingest_servers', transceiver_server: 'transceiver_servers' } as const satisfies Record<ServerAdminQuery, string>;

function ServersTab({ type }: { readonly type: ServerAdminQuery }) {
  const { t, i18n } = useTranslation();
  const tab = TAB_OF[type];
  const list = usePagedList<SystemServerSearchKey, SystemServerSortKey, SystemServerRow>({
    queryKey: systemEntityKeys.servers(type),
    defaultKey: 'name',
    defaultSort: 'name',
    fetchPage: serverPageFetcher(type),
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const dimmed = (text: string | null) => (text === null || text === '' ? <Text c="dimmed" fz="sm">—</Text> : text);
  const columns: DataTableColumn<SystemServerRow>[] = [
    { accessor: 'name', title: t('systemEntities.servers.name'), sortable: true, render: (s) => <Text fw={600} fz="sm">{s.name}</Text> },
    { accessor: 'serial', title: t('systemEntities.servers.serial'), sortable: true, render: (s) => <Text ff="monospace" fz="sm">{s.serial}</Text> },
    { accessor: 'swVersion', title: t('systemEntities.servers.swVersion'), sortable: true },
    { accessor: 'inventoryName', title: t('systemEntities.servers.inventoryName'), sortable: true, render: (s) => dimmed(s.inventoryName) },
    { accessor: 'cloudRegion', title: t('systemEntities.servers.cloudRegion'), sortable: true, render: (s) => dimmed(s.cloudRegion) },
    { accessor: 'maxChannels', title: t('systemEntities.servers.maxChannels'), textAlign: 'right' },
    { accessor: 'channelCount', title: t('systemEntities.servers.channelCount'), sortable: true, textAlign: 'right' },
    { accessor: 'createdAt', title: t('systemEntities.servers.createdAt'), sortable: true, render: (s) => date.format(s.createdAt) },
  ];
  return (
    <AdminPage
      title={t(`routes.psg/system_entities/${tab}`)}
      description={t('systemEntities.servers.description', { type: t(`systemEntities.servers.types.${type}`) })}
      toolbar={<TableSearch search={list.search} keys={SYSTEM_SERVER_SEARCH_KEYS.map((key) => ({ value: key, label: t(`systemEntities.servers.${key}`) }))} onChange={list.setSearch} />}
    >
      <ServerTable label={t(`systemEntities.tabs.${tab}`)} list={list} columns={columns} sortKeys={SYSTEM_SERVER_SORT_KEYS} idAccessor="id" onRowClick={(row) => setOpenId(row.id)} />
      {openId !== null && <OpenServer id={openId} onClose={() => setOpenId(null)} />}
    </AdminPage>
  );
}

/** The edit-server drawer once the server's whole record (with its live state) is read. */
function OpenServer({ id, onClose }: { readonly id: string; readonly onClose: () => void }) {
  const server = useQuery({ queryKey: deviceKeys.server(id, 'record'), queryFn: ({ signal }) => fetchServer(id, signal) });
  return server.data === undefined ? null : <EditServerDrawer key={id} server={server.data} onClose={onClose} />;
}

export const MmhServersTab = () => <ServersTab type="mmh_server" />;
export const VrServersTab = () => <ServersTab type="vr_server" />;
export const IngestServersTab = () => <ServersTab type="ingest_server" />;
export const TransceiverServersTab = () => <ServersTab type="transceiver_server" />;
