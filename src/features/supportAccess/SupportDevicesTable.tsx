/**
 * The devices the user reaches with their support access (v2/support/devices): kind, name,
 * inventory, access (and time left), requests waiting. Filtered by access, searched by name or
 * inventory; a row opens the device's SupportAccessPanel in a drawer.
 */
import { useState } from 'react';
import { Badge, Drawer, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { ServerTable } from '../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../components/admin/TableSearch.tsx';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { SUPPORT_ACCESS_STATUSES, type SupportAccessStatus } from '../../domain/support.ts';
import { SUPPORT_DEVICE_SEARCH_KEYS, SUPPORT_DEVICE_SORT_KEYS, type SupportDevice, type SupportDeviceSearchKey, type SupportDeviceSortKey } from '../../protocol/rest/support.ts';
import { fetchDevicePage, hoursMinutes, SUPPORT_REFETCH_MS, supportKeys } from './queries.ts';
import { AccessBadge } from './SupportBadges.tsx';
import { SupportAccessPanel } from './SupportAccessPanel.tsx';

type AccessFilter = 'all' | SupportAccessStatus;

export function SupportDevicesTable({ label }: { readonly label: string }) {
  const { t } = useTranslation();
  const [access, setAccess] = useState<AccessFilter>('all');
  const [open, setOpen] = useState<SupportDevice | null>(null);
  const filtered = access !== 'all' ? { access } : {};
  const list = usePagedList<SupportDeviceSearchKey, SupportDeviceSortKey, SupportDevice>({
    queryKey: [...supportKeys.devices, filtered],
    defaultKey: 'name',
    defaultSort: 'name',
    refetchIntervalMs: SUPPORT_REFETCH_MS,
    fetchPage: (request, signal) => fetchDevicePage({ ...request, ...filtered }, signal),
  });

  const columns: DataTableColumn<SupportDevice>[] = [
    { accessor: 'name', title: t('support.columns.device'), sortable: true, render: (d) => <Text fz="sm" fw={600}>{d.name}</Text> },
    { accessor: 'kind', title: t('support.columns.kind'), sortable: true, render: (d) => `${t(`support.kind.${d.kind}`)} · ${d.type}` },
    { accessor: 'inventoryName', title: t('support.columns.inventory'), sortable: true },
    {
      accessor: 'access',
      title: t('support.columns.access'),
      render: (d) => (
        <Group gap={6} wrap="nowrap">
          <AccessBadge status={d.access.status} />
          {d.access.status === 'active' && (
            <Text fz="xs" c="dimmed">
              {t('support.left', hoursMinutes(d.access.remainingMs))}
            </Text>
          )}
        </Group>
      ),
    },
    {
      accessor: 'pendingApprovals',
      title: t('support.columns.waiting'),
      render: (d) =>
        d.pendingApprovals > 0 ? (
          <Badge color="blue" size="sm">
            {t('support.waitingCount', { count: d.pendingApprovals })}
          </Badge>
        ) : (
          <Text fz="sm" c="dimmed">
            —
          </Text>
        ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <SegmentedControl
          aria-label={t('support.filters.access')}
          data={(['all', ...SUPPORT_ACCESS_STATUSES] as const).map((value) => ({ value, label: t(`support.accessFilter.${value}`) }))}
          value={access}
          onChange={(value) => {
            setAccess(value as AccessFilter);
            list.setPage(1);
          }}
          size="sm"
        />
        <TableSearch search={list.search} keys={SUPPORT_DEVICE_SEARCH_KEYS.map((key) => ({ value: key, label: t(`support.search.${key}`) }))} onChange={list.setSearch} />
      </Group>
      <ServerTable label={label} list={list} columns={columns} sortKeys={SUPPORT_DEVICE_SORT_KEYS} idAccessor="id" onRowClick={setOpen} />
      <Drawer opened={open !== null} onClose={() => setOpen(null)} position="right" size="md" title={open?.name ?? ''}>
        {open !== null && <SupportAccessPanel kind={open.kind} id={open.id} />}
      </Drawer>
    </Stack>
  );
}
