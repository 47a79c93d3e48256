/**
 * System Settings › Modems Vendor/Model (spec 001 §3 VID and PID values and names): the
 * vendors and models units' modems are named by, with how many modems report each. A vendor a
 * modem reports cannot be deleted: the confirmation shows the server's refusal (spec 001 §8).
 */
import { useState } from 'react';
import { Badge, Button, Group, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { useConfirmDelete } from '../../components/admin/useConfirmDelete.tsx';
import { EntityDrawer, EntityFormBody } from '../../components/admin/EntityDrawer.tsx';
import { ServerTable } from '../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../components/admin/TableSearch.tsx';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { showSuccess } from '../../components/toasts.ts';
import { modemVendorErrors, normalizeHexId } from '../../domain/systemSettings.ts';
import { MODEM_VENDOR_SEARCH_KEYS, MODEM_VENDOR_SORT_KEYS, type ModemVendorRow, type ModemVendorSearchKey, type ModemVendorSortKey } from '../../protocol/rest/systemSettings.ts';
import { createVendor, deleteVendor, fetchVendorPage, invalidate, systemSettingsKeys, updateVendor } from './queries.ts';

type Editing = { readonly kind: 'closed' } | { readonly kind: 'new' } | { readonly kind: 'existing'; readonly vendor: ModemVendorRow };
type VendorValues = { vid: string; vidName: string; pid: string; pidName: string };

const nameOf = (vendor: ModemVendorRow) => `${vendor.vidName} ${vendor.pidName}`;

function VendorDrawer({ vendor, onClose, onSaved }: { readonly vendor: ModemVendorRow | null; readonly onClose: () => void; readonly onSaved: (vendor: ModemVendorRow) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const deletion = useConfirmDelete({ entity: vendor, nameOf: (e) => nameOf(e), remove: (e) => deleteVendor(e.id), afterDelete: () => { void invalidate(queryClient, systemSettingsKeys.vendors); onClose(); } });
  const { form, submitting, formError, onSubmit } = useEntityForm<VendorValues, ModemVendorRow>({
    initialValues: { vid: vendor?.vid ?? '', vidName: vendor?.vidName ?? '', pid: vendor?.pid ?? '', pidName: vendor?.pidName ?? '' },
    validate: (values) => modemVendorErrors(values),
    save: (values) => {
      const body = { vid: normalizeHexId(values.vid), vidName: values.vidName.trim(), pid: normalizeHexId(values.pid), pidName: values.pidName.trim() };
      return vendor === null ? createVendor(body) : updateVendor(vendor.id, body);
    },
    onSaved: (saved) => {
      showSuccess(t(vendor === null ? 'kit.form.created' : 'kit.form.saved', { name: nameOf(saved) }));
      void invalidate(queryClient, systemSettingsKeys.vendors);
      onSaved(saved);
    },
  });
  return (
    <EntityDrawer opened title={vendor === null ? t('systemSettings.vendors.createTitle') : t('systemSettings.vendors.editTitle', { name: nameOf(vendor) })} onClose={onClose}>
      <EntityFormBody mode={vendor === null ? 'create' : 'edit'} onSubmit={onSubmit} onCancel={onClose} submitting={submitting} formError={formError} onDelete={vendor !== null ? deletion.ask : undefined}>
        <Group grow align="flex-start">
          <TextInput label={t('systemSettings.vendors.vid')} description={t('systemSettings.vendors.hexHint')} required data-autofocus maxLength={4} styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }} {...form.getInputProps('vid')} />
          <TextInput label={t('systemSettings.vendors.vidName')} required {...form.getInputProps('vidName')} />
        </Group>
        <Group grow align="flex-start">
          <TextInput label={t('systemSettings.vendors.pid')} description={t('systemSettings.vendors.hexHint')} required maxLength={4} styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }} {...form.getInputProps('pid')} />
          <TextInput label={t('systemSettings.vendors.pidName')} required {...form.getInputProps('pidName')} />
        </Group>
        {vendor !== null && (
          <Text fz="sm" c="dimmed">
            {t('systemSettings.vendors.modemsUsing', { count: vendor.modemCount })}
          </Text>
        )}
      </EntityFormBody>
      {deletion.dialog}
    </EntityDrawer>
  );
}

export default function ModemVendorsTab() {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const list = usePagedList<ModemVendorSearchKey, ModemVendorSortKey, ModemVendorRow>({
    queryKey: systemSettingsKeys.vendors,
    defaultKey: 'vidName',
    defaultSort: 'vidName',
    fetchPage: fetchVendorPage,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const mono = (text: string) => <Text ff="monospace" fz="sm">{text}</Text>;
  const columns: DataTableColumn<ModemVendorRow>[] = [
    { accessor: 'vidName', title: t('systemSettings.vendors.vidName'), sortable: true, render: (v) => <Text fw={600} fz="sm">{v.vidName}</Text> },
    { accessor: 'vid', title: t('systemSettings.vendors.vid'), sortable: true, render: (v) => mono(v.vid) },
    { accessor: 'pidName', title: t('systemSettings.vendors.pidName'), sortable: true },
    { accessor: 'pid', title: t('systemSettings.vendors.pid'), sortable: true, render: (v) => mono(v.pid) },
    {
      accessor: 'modemCount',
      title: t('systemSettings.vendors.modemCount'),
      sortable: true,
      textAlign: 'right',
      render: (v) => <Badge variant="light" color={v.modemCount > 0 ? 'blue' : 'gray'}>{v.modemCount}</Badge>,
    },
    { accessor: 'createdAt', title: t('systemSettings.vendors.createdAt'), sortable: true, render: (v) => date.format(v.createdAt) },
  ];
  return (
    <AdminPage
      title={t('routes.psg/system_settings/modem_vendor')}
      description={t('systemSettings.vendors.description')}
      actions={<Button onClick={() => setEditing({ kind: 'new' })}>{t('systemSettings.vendors.new')}</Button>}
      toolbar={<TableSearch search={list.search} keys={MODEM_VENDOR_SEARCH_KEYS.map((key) => ({ value: key, label: t(`systemSettings.vendors.${key}`) }))} onChange={list.setSearch} />}
    >
      <ServerTable label={t('systemSettings.tabs.modem_vendor')} list={list} columns={columns} sortKeys={MODEM_VENDOR_SORT_KEYS} idAccessor="id" onRowClick={(vendor) => setEditing({ kind: 'existing', vendor })} />
      {editing.kind !== 'closed' && (
        <VendorDrawer
          key={editing.kind === 'existing' ? editing.vendor.id : 'new'}
          vendor={editing.kind === 'existing' ? editing.vendor : null}
          onClose={() => setEditing({ kind: 'closed' })}
          onSaved={(vendor) => setEditing({ kind: 'existing', vendor })}
        />
      )}
    </AdminPage>
  );
}
