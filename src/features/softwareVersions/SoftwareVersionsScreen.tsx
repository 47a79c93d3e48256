/**
 * Software Versions (/sw_version, admin set; spec 002 "Software version"). Two tabs:
 * - Versions: every offered version sorted as dotted numbers (3.5 to 9.0), with its description,
 *   release notes, supported devices and inventories; "New version" and a click open the drawer.
 * - Target version per unit: each unit with the version it runs, its target version (spec 000 §7
 *   targetSwVersion) and its last upgrade; a click opens the software upgrade dialog for it.
 */
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Progress, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { ServerTable } from '../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../components/admin/TableSearch.tsx';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import {
  SW_VERSION_SEARCH_KEYS,
  SW_VERSION_SORT_KEYS,
  UNIT_VERSION_SEARCH_KEYS,
  type SoftwareVersionRow,
  type SwVersionSearchKey,
  type SwVersionSortKey,
  type UnitVersionRow,
} from '../../protocol/rest/softwareVersions.ts';
import { UpgradeDialog } from '../upgrade/UpgradeDialog.tsx';
import { STATE_COLOURS } from '../upgrade/WaveProgress.tsx';
import { fetchUnitVersionPage, fetchVersionPage, softwareVersionKeys } from './queries.ts';
import { VersionDrawer } from './VersionDrawer.tsx';

type Editing = { readonly kind: 'closed' } | { readonly kind: 'new' } | { readonly kind: 'existing'; readonly version: SoftwareVersionRow };
type UnitKey = (typeof UNIT_VERSION_SEARCH_KEYS)[number];

/** Unit rows are read again every few seconds so an upgrade's progress shows (ms). */
const UNIT_REFRESH_MS = 3_000;

export function SoftwareVersionsScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('versions');
  return (
    <AdminPage title={t('routes.sw_version')} description={t('softwareVersions.description')}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="versions">{t('softwareVersions.tabs.versions')}</Tabs.Tab>
          <Tabs.Tab value="units">{t('softwareVersions.tabs.units')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="versions">
          <VersionsTab />
        </Tabs.Panel>
        <Tabs.Panel value="units">
          <UnitsTab />
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}

function VersionsTab() {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const list = usePagedList<SwVersionSearchKey, SwVersionSortKey, SoftwareVersionRow>({
    queryKey: softwareVersionKeys.list,
    defaultKey: 'version',
    defaultSort: 'version',
    defaultSortDir: 'desc',
    fetchPage: fetchVersionPage,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const columns: DataTableColumn<SoftwareVersionRow>[] = [
    { accessor: 'version', title: t('softwareVersions.columns.version'), sortable: true, render: (v) => <Text fw={600} fz="sm">{v.version}</Text> },
    { accessor: 'description', title: t('softwareVersions.columns.description'), sortable: true },
    {
      accessor: 'releaseNotesUrl',
      title: t('softwareVersions.columns.releaseNotes'),
      render: (v) =>
        v.releaseNotesUrl === '' ? (
          '—'
        ) : (
          <Anchor href={v.releaseNotesUrl} target="_blank" rel="noreferrer" fz="sm" onClick={(event) => event.stopPropagation()}>
            {t('softwareVersions.open')}
          </Anchor>
        ),
    },
    {
      accessor: 'supportedDevices',
      title: t('softwareVersions.columns.supportedDevices'),
      render: (v) => (v.supportedDevices.length === 0 ? <Text c="dimmed" fz="sm">{t('softwareVersions.allDevices')}</Text> : v.supportedDevices.join(', ')),
    },
    {
      accessor: 'inventories',
      title: t('softwareVersions.columns.inventories'),
      render: (v) => (v.inventories.length === 0 ? <Text c="dimmed" fz="sm">{t('softwareVersions.allInventories')}</Text> : v.inventories.map((i) => i.name).join(', ')),
    },
    { accessor: 'targetUnitCount', title: t('softwareVersions.columns.targetUnitCount'), textAlign: 'right' },
    { accessor: 'createdAt', title: t('softwareVersions.columns.createdAt'), sortable: true, render: (v) => date.format(v.createdAt) },
  ];
  return (
    <>
      <Group justify="space-between" mb="sm">
        <TableSearch search={list.search} keys={SW_VERSION_SEARCH_KEYS.map((key) => ({ value: key, label: t(`softwareVersions.search.${key}`) }))} onChange={list.setSearch} />
        <Button onClick={() => setEditing({ kind: 'new' })}>{t('softwareVersions.new')}</Button>
      </Group>
      <ServerTable label={t('routes.sw_version')} list={list} columns={columns} sortKeys={SW_VERSION_SORT_KEYS} idAccessor="id" onRowClick={(version) => setEditing({ kind: 'existing', version })} />
      {editing.kind !== 'closed' && (
        <VersionDrawer
          key={editing.kind === 'existing' ? editing.version.id : 'new'}
          version={editing.kind === 'existing' ? editing.version : null}
          takenVersions={(list.query.data?.items ?? []).map((v) => v.version)}
          onClose={() => setEditing({ kind: 'closed' })}
        />
      )}
    </>
  );
}

function UnitsTab() {
  const { t } = useTranslation();
  const [upgrading, setUpgrading] = useState<UnitVersionRow | null>(null);
  const list = usePagedList<UnitKey, UnitKey, UnitVersionRow>({
    queryKey: softwareVersionKeys.units,
    defaultKey: 'name',
    defaultSort: 'name',
    fetchPage: fetchUnitVersionPage,
    refetchIntervalMs: UNIT_REFRESH_MS,
  });
  const columns: DataTableColumn<UnitVersionRow>[] = [
    { accessor: 'name', title: t('softwareVersions.units.name'), sortable: true, render: (u) => <Text fw={600} fz="sm">{u.name}</Text> },
    { accessor: 'type', title: t('softwareVersions.units.type'), sortable: true },
    { accessor: 'serial', title: t('softwareVersions.units.serial'), sortable: true },
    { accessor: 'groupName', title: t('softwareVersions.units.group') },
    { accessor: 'swVersion', title: t('softwareVersions.units.swVersion'), sortable: true },
    { accessor: 'targetVersion', title: t('softwareVersions.units.targetVersion'), render: (u) => u.targetVersion ?? '—' },
    {
      accessor: 'upgradeState',
      title: t('softwareVersions.units.upgrade'),
      render: (u) =>
        u.upgradeState === null ? (
          '—'
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Badge color={STATE_COLOURS[u.upgradeState]} variant="light" size="sm">
              {t(`upgrade.state.${u.upgradeState}`)}
            </Badge>
            {u.upgradeState === 'upgrading' && <Progress value={u.upgradeProgress ?? 0} w={80} aria-label={t('upgrade.wave.deviceProgress', { name: u.name })} />}
          </Group>
        ),
    },
  ];
  return (
    <>
      <Group justify="space-between" mb="sm">
        <TableSearch search={list.search} keys={UNIT_VERSION_SEARCH_KEYS.map((key) => ({ value: key, label: t(`softwareVersions.units.${key}`) }))} onChange={list.setSearch} />
        <Text fz="sm" c="dimmed">
          {t('softwareVersions.units.hint')}
        </Text>
      </Group>
      <ServerTable label={t('softwareVersions.tabs.units')} list={list} columns={columns} sortKeys={UNIT_VERSION_SEARCH_KEYS} idAccessor="uid" onRowClick={setUpgrading} />
      <UpgradeDialog devices={{ units: upgrading === null ? [] : [upgrading.uid], servers: [] }} opened={upgrading !== null} onClose={() => setUpgrading(null)} />
    </>
  );
}

export default SoftwareVersionsScreen;
