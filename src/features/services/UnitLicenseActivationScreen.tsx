/**
 * Unit and License Activation (spec 002 §2 /unit_license_activation; spec 001 §1 "a unit and
 * licence activation page with an inventory filter", §6 "A permission exists to give others access
 * to unit and licence activation"): the units of the chosen inventory with their services and
 * usage profile, paged from the server; a click opens the unit, where each service is switched on
 * or off and the usage profile chosen. Admins of the inventory choose who else may use the page.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Drawer, Group, Loader, Modal, MultiSelect, Select, Stack, Switch, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { ServerTable } from '../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../components/admin/TableSearch.tsx';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { DRAWER_WIDTH_PX } from '../../components/admin/EntityDrawer.tsx';
import { messageOf } from '../../api/call.ts';
import { showError, showSuccess } from '../../components/toasts.ts';
import { useMay } from '../../app/useMay.ts';
import { ACTIVATION_NOT_GRANTED, SERVICE_LABELS, SERVICE_NAMES, type ServiceName } from '../../domain/services.ts';
import { ACTIVATION_SEARCH_KEYS, ACTIVATION_SORT_KEYS, type ActivationSearchKey, type ActivationSortKey, type ActivationUnit } from '../../protocol/rest/services.ts';
import { fetchActivationPage, fetchGrants, inventoryUsers, invalidateServices, saveGrants, serviceKeys, setActivation, useInventoryChoice } from './queries.ts';
import { InventorySelect } from './InventorySelect.tsx';
import { fetchProfileOptions, setUnitProfile, usageProfileKeys } from '../usageProfiles/queries.ts';

export function UnitLicenseActivationScreen() {
  const { t } = useTranslation();
  const choice = useInventoryChoice();
  const inventoryId = choice.inventoryId;
  const grants = useQuery({ queryKey: serviceKeys.grants(inventoryId ?? ''), queryFn: ({ signal }) => fetchGrants(inventoryId!, signal), enabled: inventoryId !== null });
  const mayUse = grants.data?.mayUse === true;
  const [open, setOpen] = useState<ActivationUnit | null>(null);
  const [granting, setGranting] = useState(false);
  const list = usePagedList<ActivationSearchKey, ActivationSortKey, ActivationUnit>({
    queryKey: serviceKeys.activation(inventoryId ?? ''),
    defaultKey: 'name',
    defaultSort: 'name',
    fetchPage: (request, signal) => fetchActivationPage(inventoryId!, request, signal),
    enabled: inventoryId !== null && mayUse,
  });

  const columns: DataTableColumn<ActivationUnit>[] = [
    { accessor: 'name', title: t('services.activation.columns.name'), sortable: true, render: (u) => <Text fw={600} fz="sm">{u.name}</Text> },
    { accessor: 'type', title: t('services.activation.columns.type'), sortable: true },
    { accessor: 'serial', title: t('services.activation.columns.serial'), sortable: true },
    { accessor: 'groupName', title: t('services.activation.columns.group'), render: (u) => u.groupName ?? '—' },
    {
      accessor: 'services',
      title: t('services.activation.columns.services'),
      render: (u) =>
        u.services.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('services.activation.none')}
          </Text>
        ) : (
          <Group gap={4}>
            {u.services.map((name) => (
              <Badge key={name} size="sm" variant="light">
                {SERVICE_LABELS[name]}
              </Badge>
            ))}
          </Group>
        ),
    },
    { accessor: 'usageProfileName', title: t('services.activation.columns.profile'), render: (u) => u.usageProfileName ?? '—' },
  ];

  return (
    <AdminPage
      title={t('routes.unit_license_activation')}
      description={t('services.activation.description')}
      actions={grants.data?.mayGrant === true && <Button variant="default" onClick={() => setGranting(true)}>{t('services.activation.access')}</Button>}
      toolbar={
        <Group align="flex-end">
          <InventorySelect inventories={choice.inventories} value={inventoryId} onChange={choice.setInventoryId} />
          {mayUse && <TableSearch search={list.search} keys={ACTIVATION_SEARCH_KEYS.map((key) => ({ value: key, label: t(`services.activation.columns.${key}`) }))} onChange={list.setSearch} />}
        </Group>
      }
    >
      {grants.isPending && inventoryId !== null && <Loader aria-label={t('services.loading')} />}
      {grants.isError && (
        <Alert color="red" role="alert">
          {messageOf(grants.error)}
        </Alert>
      )}
      {grants.data !== undefined && !mayUse && (
        <Alert color="yellow" role="alert" title={t('services.activation.notGrantedTitle')}>
          {ACTIVATION_NOT_GRANTED}
        </Alert>
      )}
      {mayUse && <ServerTable label={t('routes.unit_license_activation')} list={list} columns={columns} sortKeys={ACTIVATION_SORT_KEYS} idAccessor="id" onRowClick={setOpen} />}
      {open !== null && inventoryId !== null && <ActivationDrawer inventoryId={inventoryId} unit={open} onChanged={setOpen} onClose={() => setOpen(null)} />}
      {granting && inventoryId !== null && grants.data !== undefined && (
        <GrantDialog inventoryId={inventoryId} granted={grants.data.users.map((u) => u.id)} onClose={() => setGranting(false)} />
      )}
    </AdminPage>
  );
}

/** One unit: a switch per service (saved at once, not optimistic) and its usage profile. */
function ActivationDrawer({ inventoryId, unit, onChanged, onClose }: { inventoryId: string; unit: ActivationUnit; onChanged: (unit: ActivationUnit) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canProfile = useMay('usageProfiles.admin');
  const [saving, setSaving] = useState<ServiceName | 'profile' | null>(null);
  const profiles = useQuery({ queryKey: usageProfileKeys.options(inventoryId), queryFn: ({ signal }) => fetchProfileOptions(inventoryId, signal), enabled: canProfile });

  const toggle = async (name: ServiceName, active: boolean) => {
    setSaving(name);
    try {
      const saved = await setActivation(inventoryId, unit.id, name, active);
      onChanged(saved);
      showSuccess(t(active ? 'services.activation.activated' : 'services.activation.deactivated', { service: SERVICE_LABELS[name], unit: unit.name }));
      void invalidateServices(queryClient);
    } catch (error) {
      showError(error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Drawer opened onClose={onClose} position="right" size={DRAWER_WIDTH_PX} title={t('services.activation.drawerTitle', { name: unit.name })} closeButtonProps={{ 'aria-label': t('kit.form.close') }}>
      <Stack>
        <Text fz="sm" c="dimmed">
          {unit.type} · {unit.serial}
        </Text>
        {SERVICE_NAMES.map((name) => (
          <Switch
            key={name}
            label={SERVICE_LABELS[name]}
            description={name}
            checked={unit.services.includes(name)}
            disabled={saving !== null}
            onChange={(event) => void toggle(name, event.currentTarget.checked)}
          />
        ))}
        {canProfile && (
          <Select
            label={t('services.activation.profile')}
            clearable
            data={(profiles.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={unit.usageProfileId}
            disabled={saving !== null}
            comboboxProps={{ withinPortal: true }}
            onChange={async (profileId) => {
              setSaving('profile');
              try {
                await setUnitProfile(unit.id, profileId);
                const profile = profiles.data?.find((p) => p.id === profileId);
                onChanged({ ...unit, usageProfileId: profileId, usageProfileName: profile?.name ?? null, usageProfileType: profile?.type ?? null });
                showSuccess(t('kit.form.saved', { name: unit.name }));
                void invalidateServices(queryClient);
                void queryClient.invalidateQueries({ queryKey: usageProfileKeys.all });
              } catch (error) {
                showError(error);
              } finally {
                setSaving(null);
              }
            }}
          />
        )}
      </Stack>
    </Drawer>
  );
}

/** Admins choose the users of the inventory who may use this page (spec 001 §6). */
function GrantDialog({ inventoryId, granted, onClose }: { inventoryId: string; granted: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: serviceKeys.users(inventoryId), queryFn: ({ signal }) => inventoryUsers(inventoryId, signal) });
  const [chosen, setChosen] = useState<string[]>([...granted]);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={t('services.activation.accessTitle')} centered closeButtonProps={{ 'aria-label': t('kit.form.close') }}>
      <Stack>
        <Text fz="sm">{t('services.activation.accessHint')}</Text>
        <MultiSelect
          label={t('services.activation.accessUsers')}
          searchable
          data={(users.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
          value={chosen}
          onChange={setChosen}
          nothingFoundMessage={t('kit.picker.noItems')}
          comboboxProps={{ withinPortal: true }}
        />
        {refusal !== null && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('kit.form.cancel')}
          </Button>
          <Button
            loading={busy}
            onClick={async () => {
              setBusy(true);
              setRefusal(null);
              try {
                await saveGrants(inventoryId, chosen);
                showSuccess(t('services.activation.accessSaved'));
                await invalidateServices(queryClient);
                onClose();
              } catch (error) {
                setRefusal(messageOf(error));
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('kit.form.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default UnitLicenseActivationScreen;
