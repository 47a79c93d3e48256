/**
 * System Entities › Channels and › VR Channels (spec 001 §3, 002 §2, super user): every channel
 * and every video return channel, server paged, searched and sorted through their areas' admin
 * listings (admin/channels, v2/admin/vrChannels).
 */
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../../components/admin/TableSearch.tsx';
import { usePagedList } from '../../../components/admin/usePagedList.ts';
import { CHANNEL_SEARCH_KEYS, CHANNEL_SORT_KEYS, type ChannelAdminRow, type ChannelSearchKey, type ChannelSortKey } from '../../../protocol/rest/channels.ts';
import { VR_SEARCH_KEYS, VR_SORT_KEYS, type VrChannelView, type VrSearchKey, type VrSortKey } from '../../../protocol/rest/videoReturn.ts';
import { fetchChannelPage, fetchVrChannelPage, systemEntityKeys } from '../queries.ts';

const dimmed = (text: string | null) => (text === null || text === '' ? <Text c="dimmed" fz="sm">—</Text> : text);

export default function ChannelsTab() {
  const { t, i18n } = useTranslation();
  const list = usePagedList<ChannelSearchKey, ChannelSortKey, ChannelAdminRow>({ queryKey: systemEntityKeys.channels, defaultKey: 'name', defaultSort: 'name', fetchPage: fetchChannelPage });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const columns: DataTableColumn<ChannelAdminRow>[] = [
    { accessor: 'name', title: t('systemEntities.channels.name'), sortable: true, render: (c) => <Text fw={600} fz="sm">{c.name}</Text> },
    { accessor: 'type', title: t('systemEntities.channels.type'), sortable: true, render: (c) => <Badge variant="light">{c.type}</Badge> },
    { accessor: 'serverName', title: t('systemEntities.channels.serverName'), sortable: true, render: (c) => dimmed(c.serverName) },
    { accessor: 'inventoryName', title: t('systemEntities.channels.inventoryName'), sortable: true, render: (c) => dimmed(c.inventoryName) },
    { accessor: 'groupName', title: t('systemEntities.channels.groupName'), sortable: true, render: (c) => dimmed(c.groupName) },
    { accessor: 'createdAt', title: t('systemEntities.channels.createdAt'), sortable: true, render: (c) => date.format(c.createdAt) },
  ];
  return (
    <AdminPage
      title={t('routes.psg/system_entities/channels')}
      description={t('systemEntities.channels.description')}
      toolbar={<TableSearch search={list.search} keys={CHANNEL_SEARCH_KEYS.map((key) => ({ value: key, label: t(`systemEntities.channels.${key}`) }))} onChange={list.setSearch} />}
    >
      <ServerTable label={t('systemEntities.tabs.channels')} list={list} columns={columns} sortKeys={CHANNEL_SORT_KEYS} idAccessor="id" />
    </AdminPage>
  );
}

export function VrChannelsTab() {
  const { t } = useTranslation();
  const list = usePagedList<VrSearchKey, VrSortKey, VrChannelView>({ queryKey: systemEntityKeys.vrChannels, defaultKey: 'name', defaultSort: 'name', fetchPage: fetchVrChannelPage });
  const columns: DataTableColumn<VrChannelView>[] = [
    { accessor: 'name', title: t('systemEntities.vrChannels.name'), sortable: true, render: (c) => <Text fw={600} fz="sm">{c.name}</Text> },
    { accessor: 'inventoryName', title: t('systemEntities.vrChannels.inventoryName'), sortable: true },
    { accessor: 'inputType', title: t('systemEntities.vrChannels.inputType'), sortable: true },
    { accessor: 'serverName', title: t('systemEntities.vrChannels.serverName'), render: (c) => dimmed(c.serverName) },
    { accessor: 'serialNumber', title: t('systemEntities.vrChannels.serialNumber'), render: (c) => dimmed(c.serialNumber) },
    { accessor: 'status', title: t('systemEntities.vrChannels.status'), render: (c) => <Badge variant="light" color={c.status === 'offline' ? 'gray' : 'green'}>{c.status}</Badge> },
  ];
  return (
    <AdminPage
      title={t('routes.psg/system_entities/vrChannels')}
      description={t('systemEntities.vrChannels.description')}
      toolbar={<TableSearch search={list.search} keys={VR_SEARCH_KEYS.map((key) => ({ value: key, label: t(`systemEntities.vrChannels.${key}`) }))} onChange={list.setSearch} />}
    >
      <ServerTable label={t('systemEntities.tabs.vrChannels')} list={list} columns={columns} sortKeys={VR_SORT_KEYS} idAccessor="uniqueId" />
    </AdminPage>
  );
}
