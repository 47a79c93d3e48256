/**
 * Audio Connect (spec 001 §2 /audio_rooms, admin set): the audio rooms of the user's inventories
 * with name, inventory, created on and by, their audio interfaces and whether a unit talks in one
 * now ("In use"); "New room" creates one, a click opens it to rename, manage its interfaces or
 * delete it (a room in use keeps its interfaces and is not deleted: "The room is in use.").
 */
import { useState } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { ServerTable } from '../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../components/admin/TableSearch.tsx';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { useMay } from '../../app/useMay.ts';
import { AUDIO_ROOM_SEARCH_KEYS, AUDIO_ROOM_SORT_KEYS, type AudioRoom, type AudioRoomSearchKey, type AudioRoomSortKey } from '../../protocol/rest/audioRooms.ts';
import { audioRoomKeys, fetchRoomPage } from './queries.ts';
import { AudioRoomDrawer } from './AudioRoomDrawer.tsx';

type Editing = { readonly kind: 'closed' } | { readonly kind: 'new' } | { readonly kind: 'existing'; readonly room: AudioRoom };

export function AudioRoomsScreen() {
  const { t, i18n } = useTranslation();
  const canAdminister = useMay('audioRooms.admin');
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const list = usePagedList<AudioRoomSearchKey, AudioRoomSortKey, AudioRoom>({ queryKey: audioRoomKeys.list, defaultKey: 'name', defaultSort: 'name', fetchPage: fetchRoomPage });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const columns: DataTableColumn<AudioRoom>[] = [
    { accessor: 'name', title: t('audioRooms.columns.name'), sortable: true, render: (r) => <Text fw={600} fz="sm">{r.name}</Text> },
    { accessor: 'inventoryName', title: t('audioRooms.columns.inventoryName'), sortable: true },
    { accessor: 'createdOn', title: t('audioRooms.columns.createdOn'), sortable: true, render: (r) => date.format(r.createdOn) },
    { accessor: 'createdBy', title: t('audioRooms.columns.createdBy'), sortable: true },
    { accessor: 'interfaces', title: t('audioRooms.columns.interfaces'), textAlign: 'right', render: (r) => r.interfaces.length },
    {
      accessor: 'inUse',
      title: t('audioRooms.columns.inUse'),
      render: (r) =>
        r.inUse ? (
          <Badge color="green" variant="light">
            {t('audioRooms.inUse')}
          </Badge>
        ) : (
          <Text c="dimmed" fz="sm">
            {t('audioRooms.free')}
          </Text>
        ),
    },
  ];

  return (
    <AdminPage
      title={t('audioRooms.title')}
      description={t('audioRooms.description')}
      actions={canAdminister && <Button onClick={() => setEditing({ kind: 'new' })}>{t('audioRooms.new')}</Button>}
      toolbar={<TableSearch search={list.search} keys={AUDIO_ROOM_SEARCH_KEYS.map((key) => ({ value: key, label: t(`audioRooms.search.${key}`) }))} onChange={list.setSearch} />}
    >
      <ServerTable label={t('audioRooms.title')} list={list} columns={columns} sortKeys={AUDIO_ROOM_SORT_KEYS} idAccessor="id" onRowClick={(room) => setEditing({ kind: 'existing', room })} />
      {editing.kind !== 'closed' && (
        <AudioRoomDrawer
          key={editing.kind === 'existing' ? editing.room.id : 'new'}
          room={editing.kind === 'existing' ? editing.room : null}
          onClose={() => setEditing({ kind: 'closed' })}
          onSaved={(room) => setEditing({ kind: 'existing', room })}
        />
      )}
    </AdminPage>
  );
}

export default AudioRoomsScreen;
