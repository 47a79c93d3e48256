/**
 * An audio room in the drawer: its name (and, for a new room, its inventory), its audio interfaces
 * (at most 16, each named once), delete. The domain's rules (src/domain/audioRooms.ts) check as the
 * user types; the server's "The room is in use." refusals show above the form.
 */
import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../components/admin/useConfirmDelete.tsx';
import { EntityDrawer, EntityFormBody } from '../../components/admin/EntityDrawer.tsx';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { showSuccess } from '../../components/toasts.ts';
import { useMay } from '../../app/useMay.ts';
import { audioRoomInterfacesError, audioRoomNameError } from '../../domain/audioRooms.ts';
import { AUDIO_INTERFACE_KINDS, type AudioInterface } from '../../domain/channelConfig.ts';
import type { AudioRoom } from '../../protocol/rest/audioRooms.ts';
import { audioRoomKeys, createRoom, deleteRoom, invalidateRooms, renameRoom, roomInventories, setRoomInterfaces } from './queries.ts';

interface RoomValues extends Record<string, unknown> {
  name: string;
  inventoryId: string;
  interfaces: AudioInterface[];
}

export function AudioRoomDrawer({ room, onClose, onSaved }: { readonly room: AudioRoom | null; readonly onClose: () => void; readonly onSaved: (room: AudioRoom) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canAdminister = useMay('audioRooms.admin');
  const deletion = useConfirmDelete({ entity: room, nameOf: (e) => e.name, remove: (e) => deleteRoom(e.inventoryId, e.id), afterDelete: () => { void invalidateRooms(queryClient); onClose(); } });
  const inventories = useQuery({ queryKey: audioRoomKeys.inventories, queryFn: ({ signal }) => roomInventories(signal), enabled: room === null });

  const { form, submitting, formError, onSubmit } = useEntityForm<RoomValues, AudioRoom>({
    initialValues: { name: room?.name ?? '', inventoryId: room?.inventoryId ?? '', interfaces: [...(room?.interfaces ?? [])] },
    validate: (v) => {
      const errors: Partial<Record<'name' | 'inventoryId' | 'interfaces', string>> = {};
      const name = audioRoomNameError(v.name.trim(), []);
      if (name !== null) errors.name = name;
      if (room === null && v.inventoryId === '') errors.inventoryId = t('audioRooms.form.inventoryRequired');
      const interfaces = audioRoomInterfacesError(v.interfaces);
      if (interfaces !== null) errors.interfaces = interfaces;
      return errors;
    },
    save: async (v) => {
      const interfaces = v.interfaces.map((a) => ({ name: a.name.trim(), kind: a.kind }));
      if (room === null) return createRoom(v.inventoryId, v.name.trim(), interfaces);
      // The name first (allowed in use), then the interfaces (refused in use when one goes away).
      const renamed = v.name.trim() === room.name ? room : await renameRoom(room.inventoryId, room.id, v.name.trim());
      const same = JSON.stringify(interfaces) === JSON.stringify(room.interfaces);
      return same ? renamed : setRoomInterfaces(room.inventoryId, room.id, interfaces);
    },
    onSaved: (saved) => {
      showSuccess(t(room === null ? 'kit.form.created' : 'kit.form.saved', { name: saved.name }));
      void invalidateRooms(queryClient);
      onSaved(saved);
    },
  });
  const interfaces = form.values.interfaces;
  const setInterfaces = (next: AudioInterface[]) => form.setFieldValue('interfaces', next);

  return (
    <EntityDrawer opened title={room === null ? t('audioRooms.form.createTitle') : t('audioRooms.form.editTitle', { name: room.name })} onClose={onClose}>
      <EntityFormBody
        mode={room === null ? 'create' : 'edit'}
        onSubmit={onSubmit}
        onCancel={onClose}
        submitting={submitting}
        formError={formError}
        canSave={canAdminister}
        onDelete={room !== null && canAdminister ? deletion.ask : undefined}
      >
        <TextInput label={t('audioRooms.form.name')} required readOnly={!canAdminister} data-autofocus {...form.getInputProps('name')} />
        {room === null ? (
          <Select
            label={t('audioRooms.form.inventory')}
            required
            searchable
            data={(inventories.data ?? []).map((inv) => ({ value: inv.id, label: inv.name }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('inventoryId')}
          />
        ) : (
          <Group gap="xl">
            <TextInput label={t('audioRooms.form.inventory')} value={room.inventoryName} readOnly />
            <Text fz="sm" c="dimmed" mt="lg">
              {t('audioRooms.form.createdBy', { by: room.createdBy })}
            </Text>
          </Group>
        )}
        <Stack gap={6}>
          <Text fz="sm" fw={500}>
            {t('audioRooms.form.interfaces')}
          </Text>
          {interfaces.map((item, index) => (
            <Group key={index} wrap="nowrap" align="flex-start">
              <TextInput
                aria-label={t('audioRooms.form.interfaceName', { n: index + 1 })}
                placeholder={t('audioRooms.form.interfacePlaceholder')}
                value={item.name}
                readOnly={!canAdminister}
                onChange={(e) => setInterfaces(interfaces.map((x, i) => (i === index ? { ...x, name: e.currentTarget.value } : x)))}
                style={{ flex: 1 }}
              />
              <Select
                aria-label={t('audioRooms.form.interfaceKind', { n: index + 1 })}
                data={AUDIO_INTERFACE_KINDS.map((k) => ({ value: k, label: t(`channels.dialogs.audio.kinds.${k}`) }))}
                value={item.kind}
                disabled={!canAdminister}
                onChange={(kind) => kind !== null && setInterfaces(interfaces.map((x, i) => (i === index ? { ...x, kind: kind as AudioInterface['kind'] } : x)))}
                w={130}
              />
              {canAdminister && (
                <ActionIcon variant="subtle" color="red" mt={4} aria-label={t('audioRooms.form.removeInterface', { n: index + 1 })} onClick={() => setInterfaces(interfaces.filter((_, i) => i !== index))}>
                  ×
                </ActionIcon>
              )}
            </Group>
          ))}
          {typeof form.errors['interfaces'] === 'string' && (
            <Text c="red" fz="sm" role="alert">
              {form.errors['interfaces']}
            </Text>
          )}
          {canAdminister && (
            <Group>
              <Button size="xs" variant="light" onClick={() => setInterfaces([...interfaces, { name: '', kind: 'sip' }])}>
                {t('audioRooms.form.addInterface')}
              </Button>
            </Group>
          )}
        </Stack>
      </EntityFormBody>
      {deletion.dialog}
    </EntityDrawer>
  );
}
