/**
 * Devices (spec 001 §2 /devices, the broad management set): the units, cameras and servers of an
 * inventory, live — a server's state, usage and upTime follow server.status through the worker
 * (servers of other groups: the list refreshes every SERVER_LIST_REFRESH_MS), a unit's status its
 * unit.status. Filters by kind, status and server type are saved in the preference
 * manageDeviceFilters; the inventory and group choice in manageDeviceInventory and
 * manageDeviceGroup (spec 002 §3). Counters per kind and status. Row actions: DeviceRowActions.
 */
import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Chip, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { ConfirmDelete } from '../../components/admin/ConfirmDelete.tsx';
import { showError } from '../../components/toasts.ts';
import { useGroups, usePreferences, useSavePreferences } from '../../api/queries.ts';
import { useMay } from '../../app/useMay.ts';
import { useFleet } from '../../fleet/hooks.ts';
import { isCamera } from '../../domain/units/productTypes.ts';
import { DEVICE_KINDS, DEVICE_STATUS_FILTERS, deviceCounters, deviceMatchesFilters, unitStatusFilter, type DeviceFilters, type DeviceKind, type DeviceStatusFilter } from '../../domain/devices.ts';
import { SERVER_TYPE_LABELS, SERVER_TYPES } from '../../domain/servers.ts';
import type { ServerRow } from '../../protocol/rest/servers.ts';
import type { UnitView } from '../../protocol/rest/units.ts';
import { deviceKeys, fetchServers, fetchUnits, invalidateDevices, removeServer, removeUnit, SERVER_LIST_REFRESH_MS } from './queries.ts';
import { formatUpTime, liveServer } from './serverLive.ts';
import { EditServerDrawer } from './EditServerDrawer.tsx';
import { EditDeviceDrawer } from './EditDeviceDrawer.tsx';
import { AddCameraDialog } from './AddCameraDialog.tsx';
import { DeviceRowActions, type DeviceAction } from './DeviceRowActions.tsx';
import { UpgradeDialog } from '../upgrade/UpgradeDialog.tsx';

const STATUS_COLOR: Record<DeviceStatusFilter, string> = { busy: 'green', idle: 'blue', offline: 'gray' };
const EMPTY_SERVERS: readonly ServerRow[] = [];
const EMPTY_UNITS: readonly UnitView[] = [];

interface Row {
  readonly id: string;
  readonly kind: DeviceKind;
  readonly name: string;
  readonly type: string;
  readonly serial: string;
  readonly version: string;
  readonly status: DeviceStatusFilter;
  readonly server?: ServerRow;
  readonly unit?: UnitView;
}

/** Re-renders when the worker hands over a new server.status or unit view (issue 12: rows update live). */
function useLiveTick(serverIds: readonly string[]): number {
  const { store } = useFleet();
  const [tick, setTick] = useState(0);
  const key = serverIds.join(',');
  useEffect(() => {
    const stops = key === '' ? [] : key.split(',').map((id) => store.serverVersion(id).subscribe(() => setTick((t) => t + 1)));
    const stopUnits = store.onUnitsChanged(() => setTick((t) => t + 1));
    return () => {
      for (const stop of stops) stop();
      stopUnits();
    };
  }, [store, key]);
  return tick;
}

export function DevicesScreen() {
  const { t } = useTranslation();
  const { store } = useFleet();
  const queryClient = useQueryClient();
  const groups = useGroups();
  const preferences = usePreferences();
  const save = useSavePreferences();
  const canAddCamera = useMay('units.admin');
  const inventories = useMemo(() => {
    const byId = new Map<string, string>();
    for (const g of groups.data ?? []) byId.set(g.inventoryId, g.inventoryName);
    return [...byId.entries()].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [groups.data]);
  const [inventoryChoice, setInventoryChoice] = useState<string | null | undefined>(undefined);
  const [groupChoice, setGroupChoice] = useState<string | null | undefined>(undefined);
  const [changedFilters, setChangedFilters] = useState<DeviceFilters | null>(null);
  const storedInventory = preferences.data?.manageDeviceInventory ?? null;
  const inventoryId = inventoryChoice ?? (inventories.some((i) => i.value === storedInventory) ? storedInventory : (inventories[0]?.value ?? null));
  const inventoryGroups = (groups.data ?? []).filter((g) => g.inventoryId === inventoryId);
  const storedGroup = groupChoice === undefined ? (preferences.data?.manageDeviceGroup ?? null) : groupChoice;
  const groupId = inventoryGroups.some((g) => g.uid === storedGroup) ? storedGroup : null;
  const filters: DeviceFilters = changedFilters ?? preferences.data?.manageDeviceFilters ?? {};
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<{ id: string; kind: DeviceKind; tab: 'edit' | 'luLink' } | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [upgrading, setUpgrading] = useState<Row | null>(null);

  const servers = useQuery({
    queryKey: deviceKeys.servers(inventoryId ?? ''),
    queryFn: ({ signal }) => fetchServers(inventoryId ?? '', signal),
    enabled: inventoryId !== null,
    refetchInterval: SERVER_LIST_REFRESH_MS,
  });
  const units = useQuery({ queryKey: deviceKeys.units(inventoryId ?? ''), queryFn: ({ signal }) => fetchUnits(inventoryId ?? '', signal), enabled: inventoryId !== null });
  const serverRows = servers.data?.items ?? EMPTY_SERVERS;
  const unitRows = units.data?.units ?? EMPTY_UNITS;
  const tick = useLiveTick(useMemo(() => serverRows.map((s) => s.deviceId), [serverRows]));

  const rows: Row[] = useMemo(() => {
    void tick; // the live views are read from the store below
    const list: Row[] = [];
    for (const s of serverRows) {
      const live = liveServer(s, store.server(s.deviceId));
      list.push({ id: s.deviceId, kind: 'server', name: s.name, type: SERVER_TYPE_LABELS[s.type], serial: s.serialNumber, version: s.swVersion, status: live.state, server: live });
    }
    for (const u of unitRows) {
      if (groupId !== null && u.groupId !== groupId) continue;
      const status = store.unit(u.uid)?.status ?? u.status;
      list.push({ id: u.uid, kind: isCamera(u.type) ? 'camera' : 'unit', name: u.name, type: u.type, serial: u.serial, version: u.swVersion, status: unitStatusFilter(status), unit: u });
    }
    return list;
  }, [serverRows, unitRows, groupId, store, tick]);

  const counters = useMemo(() => deviceCounters(rows.map((r) => ({ kind: r.kind, status: r.status }))), [rows]);
  const needle = search.trim().toLowerCase();
  const shown = rows.filter(
    (r) =>
      deviceMatchesFilters({ kind: r.kind, status: r.status, ...(r.server !== undefined ? { serverType: r.server.type } : {}) }, filters) &&
      (needle === '' || r.name.toLowerCase().includes(needle) || r.serial.toLowerCase().includes(needle)),
  );

  const setFilters = (next: DeviceFilters) => {
    setChangedFilters(next);
    save.mutate({ manageDeviceFilters: { kinds: [...(next.kinds ?? [])], statuses: [...(next.statuses ?? [])], serverTypes: [...(next.serverTypes ?? [])] } }, { onError: (error) => showError(error) });
  };
  const chooseInventory = (value: string | null) => {
    setInventoryChoice(value);
    setGroupChoice(null);
    save.mutate({ manageDeviceInventory: value, manageDeviceGroup: null }, { onError: (error) => showError(error) });
  };
  const chooseGroup = (value: string | null) => {
    setGroupChoice(value);
    save.mutate({ manageDeviceGroup: value }, { onError: (error) => showError(error) });
  };
  const onAction = (row: Row, action: DeviceAction) => {
    if (action === 'delete') setDeleting(row);
    else if (action === 'upgrade') setUpgrading(row);
    else setOpen({ id: row.id, kind: row.kind, tab: action === 'luLink' ? 'luLink' : 'edit' });
  };

  const columns: DataTableColumn<Row>[] = [
    { accessor: 'name', title: t('devices.columns.name'), render: (r) => <Text fw={600} fz="sm">{r.name}</Text> },
    { accessor: 'kind', title: t('devices.columns.kind'), render: (r) => <Badge variant="outline" size="sm">{t(`devices.kinds.${r.kind}`)}</Badge> },
    { accessor: 'type', title: t('devices.columns.type') },
    {
      accessor: 'status',
      title: t('devices.columns.status'),
      render: (r) => (
        <Badge color={STATUS_COLOR[r.status]} variant="light" data-testid={`status-${r.id}`}>
          {t(`devices.state.${r.status}`)}
        </Badge>
      ),
    },
    {
      accessor: 'usage',
      title: t('devices.columns.usage'),
      render: (r) =>
        r.server === undefined || r.server.state === 'offline' ? (
          <Text c="dimmed" fz="sm">—</Text>
        ) : (
          <Text fz="sm" data-testid={`usage-${r.id}`}>
            {t('devices.usageShort', { cpu: r.server.serverUsage.cpuPercent, memory: r.server.serverUsage.memoryPercent })}
          </Text>
        ),
    },
    { accessor: 'upTime', title: t('devices.columns.upTime'), render: (r) => (r.server === undefined ? '—' : <span data-testid={`uptime-${r.id}`}>{formatUpTime(r.server.upTime)}</span>) },
    { accessor: 'version', title: t('devices.columns.version') },
    { accessor: 'serial', title: t('devices.columns.serial') },
    { accessor: 'actions', title: '', textAlign: 'right', render: (r) => <DeviceRowActions kind={r.kind} name={r.name} onAction={(a) => onAction(r, a)} /> },
  ];

  const chips = (key: keyof DeviceFilters, values: readonly string[], label: (v: string) => string) => (
    <Stack gap={4} role="group" aria-label={t(`devices.filters.${key}`)}>
      <Text fz="xs" fw={600} c="dimmed" tt="uppercase">
        {t(`devices.filters.${key}`)}
      </Text>
      <Chip.Group multiple value={[...(filters[key] ?? [])]} onChange={(next) => setFilters({ ...filters, [key]: next })}>
        <Group gap={6}>
          {values.map((value) => (
            <Chip key={value} value={value} size="xs">
              {label(value)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );

  const openServer = open?.kind === 'server' ? rows.find((r) => r.id === open.id)?.server : undefined;
  const openUnit = open !== null && open.kind !== 'server' ? rows.find((r) => r.id === open.id)?.unit : undefined;

  return (
    <AdminPage
      title={t('devices.title')}
      description={t('devices.description')}
      actions={
        canAddCamera && inventoryId !== null ? (
          <Button onClick={() => setAdding(true)}>{t('devices.addCamera.open')}</Button>
        ) : undefined
      }
      toolbar={
        <Stack gap="sm" w="100%">
          <Group gap="md" align="flex-end">
            <Select label={t('devices.inventory')} data={inventories} value={inventoryId} onChange={chooseInventory} w={220} />
            <Select
              label={t('devices.group')}
              data={[{ value: '', label: t('devices.allGroups') }, ...inventoryGroups.map((g) => ({ value: g.uid, label: g.name }))]}
              value={groupId ?? ''}
              onChange={(v) => chooseGroup(v === '' || v === null ? null : v)}
              w={220}
            />
            <TextInput label={t('devices.search')} placeholder={t('devices.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={220} />
          </Group>
          <SimpleGrid cols={{ base: 3, lg: 6 }} spacing="xs" aria-label={t('devices.counters.label')}>
            {[...DEVICE_KINDS, ...DEVICE_STATUS_FILTERS].map((key) => (
              <Paper key={key} withBorder p={6} radius="sm" data-testid={`counter-${key}`}>
                <Text fz="xs" c="dimmed">
                  {t(`devices.counters.${key}`)}
                </Text>
                <Text fw={700} fz="lg">
                  {counters[key]}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Group gap="xl" align="flex-end" wrap="wrap">
            {chips('kinds', DEVICE_KINDS, (v) => t(`devices.kinds.${v}`))}
            {chips('statuses', DEVICE_STATUS_FILTERS, (v) => t(`devices.state.${v}`))}
            {chips('serverTypes', SERVER_TYPES, (v) => SERVER_TYPE_LABELS[v as keyof typeof SERVER_TYPE_LABELS])}
          </Group>
        </Stack>
      }
    >
      <DataTable<Row>
        aria-label={t('devices.title')}
        withTableBorder
        striped
        highlightOnHover
        minHeight={shown.length === 0 ? 160 : undefined}
        records={shown}
        idAccessor="id"
        columns={columns}
        fetching={servers.isPending || units.isPending}
        noRecordsText={servers.isError || units.isError ? t('devices.loadFailed') : t('devices.empty')}
        onRowClick={({ record }) => setOpen({ id: record.id, kind: record.kind, tab: 'edit' })}
        rowStyle={() => ({ cursor: 'pointer' })}
      />
      <Text fz="xs" c="dimmed">
        {t('devices.shown', { shown: shown.length, total: rows.length })}
      </Text>
      {upgrading !== null && (
        <UpgradeDialog
          opened
          devices={upgrading.kind === 'server' ? { units: [], servers: [upgrading.id] } : { units: [upgrading.id], servers: [] }}
          onClose={() => setUpgrading(null)}
        />
      )}
      {openServer !== undefined && <EditServerDrawer key={openServer.deviceId} server={openServer} onClose={() => setOpen(null)} />}
      {openUnit !== undefined && open !== null && <EditDeviceDrawer key={openUnit.uid} unit={openUnit} initialTab={open.tab === 'luLink' ? 'luLink' : 'general'} onClose={() => setOpen(null)} />}
      {adding && inventoryId !== null && <AddCameraDialog inventoryId={inventoryId} groupId={groupId} onClose={() => setAdding(false)} />}
      {deleting !== null && (
        <ConfirmDelete
          name={deleting.name}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            if (deleting.kind === 'server') await removeServer(deleting.id);
            else await removeUnit(deleting.id);
            setDeleting(null);
            await invalidateDevices(queryClient);
          }}
        />
      )}
    </AdminPage>
  );
}

export default DevicesScreen;
