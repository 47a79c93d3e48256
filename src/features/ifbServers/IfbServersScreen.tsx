/**
 * IFB Servers (spec 000 §2 support menu, route IfbServers /psg/ifb_servers, super user): the IFB
 * servers, a search, and an edit drawer (name by the spec 001 §5 name rule, unique; SIP host; SIP
 * port 0-65535; inventory; enabled). Fields are ours (docs/domain.md "Servers and devices").
 */
import { useState } from 'react';
import { Badge, Drawer, ScrollArea, Select, Stack, Switch, Text, TextInput, NumberInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from 'mantine-datatable';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { useGroups } from '../../api/queries.ts';
import { ifbServerErrors } from '../../domain/serverConfig.ts';
import type { IfbServerRow } from '../../protocol/rest/servers.ts';
import { TabFooter } from '../channels/ChannelEditor.tsx';
import { deviceKeys, fetchIfbServers, saveIfbServer } from '../devices/queries.ts';

export function IfbServersScreen() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: deviceKeys.ifbServers, queryFn: ({ signal }) => fetchIfbServers(signal) });
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const needle = search.trim().toLowerCase();
  const rows = (query.data ?? []).filter((r) => needle === '' || r.name.toLowerCase().includes(needle) || r.host.toLowerCase().includes(needle));
  const open = (query.data ?? []).find((r) => r.id === openId);
  return (
    <AdminPage title={t('devices.ifb.title')} description={t('devices.ifb.description')} toolbar={<TextInput label={t('devices.ifb.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={260} />}>
      <DataTable<IfbServerRow>
        aria-label={t('devices.ifb.title')}
        withTableBorder
        striped
        highlightOnHover
        minHeight={rows.length === 0 ? 160 : undefined}
        records={rows}
        columns={[
          { accessor: 'name', title: t('devices.ifb.columns.name'), render: (r) => <Text fw={600} fz="sm">{r.name}</Text> },
          { accessor: 'host', title: t('devices.ifb.columns.host'), render: (r) => `${r.host}:${r.port}` },
          { accessor: 'inventoryName', title: t('devices.ifb.columns.inventory'), render: (r) => r.inventoryName ?? '—' },
          { accessor: 'enabled', title: t('devices.ifb.columns.enabled'), render: (r) => <Badge color={r.enabled ? 'green' : 'gray'} variant="light">{t(r.enabled ? 'devices.ifb.on' : 'devices.ifb.off')}</Badge> },
        ]}
        fetching={query.isPending}
        noRecordsText={query.isError ? t('devices.loadFailed') : t('devices.ifb.empty')}
        onRowClick={({ record }) => setOpenId(record.id)}
        rowStyle={() => ({ cursor: 'pointer' })}
      />
      {open !== undefined && <IfbServerDrawer key={open.id} server={open} onClose={() => setOpenId(null)} />}
    </AdminPage>
  );
}

function IfbServerDrawer({ server, onClose }: { server: IfbServerRow; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const groups = useGroups();
  const inventories = [...new Map((groups.data ?? []).map((g) => [g.inventoryId, g.inventoryName])).entries()].map(([value, label]) => ({ value, label }));
  if (server.inventoryId !== null && !inventories.some((i) => i.value === server.inventoryId)) inventories.push({ value: server.inventoryId, label: server.inventoryName ?? server.inventoryId });
  const { form, submitting, formError, onSubmit } = useEntityForm({
    initialValues: { name: server.name, host: server.host, port: server.port as number | string, inventoryId: server.inventoryId ?? '', enabled: server.enabled },
    validate: (v) => ifbServerErrors(v, []),
    save: (v) => saveIfbServer(server.id, { name: v.name, host: v.host, port: v.port === '' ? null : Number(v.port), inventoryId: v.inventoryId === '' ? null : v.inventoryId, enabled: v.enabled }),
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: deviceKeys.ifbServers });
      onClose();
    },
  });
  return (
    <Drawer opened onClose={onClose} title={t('devices.ifb.edit', { name: server.name })} position="right" size={480} scrollAreaComponent={ScrollArea.Autosize} closeButtonProps={{ 'aria-label': t('kit.form.close') }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('devices.ifb.columns.name')} withAsterisk {...form.getInputProps('name')} />
          <TextInput label={t('devices.ifb.host')} withAsterisk {...form.getInputProps('host')} />
          <NumberInput label={t('devices.ifb.port')} withAsterisk allowDecimal={false} {...form.getInputProps('port')} />
          <Select label={t('devices.ifb.columns.inventory')} data={[{ value: '', label: t('devices.ifb.noInventory') }, ...inventories]} {...form.getInputProps('inventoryId')} />
          <Switch label={t('devices.ifb.columns.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <TabFooter formError={formError} submitting={submitting} canSave saved={false} />
        </Stack>
      </form>
    </Drawer>
  );
}

export default IfbServersScreen;
