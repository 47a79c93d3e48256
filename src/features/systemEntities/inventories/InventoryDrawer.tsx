/**
 * An inventory in the drawer: its form (name, region, customer, parent, auto group, SIP server,
 * sign-in and licences, feature flags, default software versions, properties) and, for an existing
 * inventory, its groups. The form checks every field with the domain's rules as the user types
 * (spec 002 §5 texts) and shows the server's refusal on its field (a name already taken, a parent
 * that would make a loop) without losing what was typed. Delete asks first and shows the server's
 * refusal in place (spec 001 §8: overlays, an active audio room; ours: groups, units or users left).
 */
import { useEffect, useMemo } from 'react';
import { Fieldset, NumberInput, Select, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../components/admin/useConfirmDelete.tsx';
import { EntityDrawer, EntityFormBody } from '../../../components/admin/EntityDrawer.tsx';
import { useEntityForm } from '../../../components/admin/useEntityForm.ts';
import { showSuccess } from '../../../components/toasts.ts';
import { useMay } from '../../../app/useMay.ts';
import { inventoryFormErrors, USER_LICENCES_MAX } from '../../../domain/inventories.ts';
import type { InventoryDetails } from '../../../protocol/rest/inventories.ts';
import { createInventory, deleteInventory, invalidateInventories, inventoryKeys, parentOptions, updateInventory } from './queries.ts';
import { formOf, inventoryChangesBody, newInventoryBody, valuesOf, type InventoryValues } from './inventoryValues.ts';
import { DefaultVersionFields, FeatureSwitches, PropertyRows } from './InventoryFields.tsx';
import { InventoryGroups } from './InventoryGroups.tsx';

export interface InventoryDrawerProps {
  /** The inventory to edit; null to create one. */
  readonly inventory: InventoryDetails | null;
  readonly onClose: () => void;
  readonly onSaved: (inventory: InventoryDetails) => void;
}

export function InventoryDrawer({ inventory, onClose, onSaved }: InventoryDrawerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canAdminister = useMay('inventories.admin');
  const deletion = useConfirmDelete({ entity: inventory, nameOf: (e) => e.name, remove: (e) => deleteInventory(e.id), afterDelete: () => { void invalidateInventories(queryClient); onClose(); } });
  const parents = useQuery({ queryKey: inventoryKeys.parents, queryFn: ({ signal }) => parentOptions(signal) });
  const parentOf = useMemo(() => new Map((parents.data ?? []).map((p) => [p.id, p.parentId])), [parents.data]);
  const parentChoices = (parents.data ?? []).filter((p) => p.id !== inventory?.id).map((p) => ({ value: p.id, label: p.name }));

  const { form, submitting, formError, onSubmit } = useEntityForm<InventoryValues, InventoryDetails>({
    initialValues: valuesOf(inventory),
    validate: (values) => inventoryFormErrors(formOf(values), { currentId: inventory?.id ?? null, parentOf }),
    save: (values) => (inventory === null ? createInventory(newInventoryBody(values)) : updateInventory(inventory.id, inventoryChangesBody(values))),
    onSaved: (saved) => {
      showSuccess(t(inventory === null ? 'kit.form.created' : 'kit.form.saved', { name: saved.name }));
      void invalidateInventories(queryClient);
      onSaved(saved);
    },
  });

  // The form is longer than the drawer: after a refused save, bring the first refused field into
  // view (Save sits at the bottom, the name at the top). Mantine marks each input with data-path.
  const firstRefused = Object.keys(form.errors)[0];
  useEffect(() => {
    if (submitting || firstRefused === undefined) return;
    document.querySelector(`[data-path="${CSS.escape(firstRefused)}"]`)?.scrollIntoView({ block: 'center' });
    // Only when a save ends (not on every error shown while typing: those are where the user types).
  }, [submitting]);

  const details = (
    <EntityFormBody
      mode={inventory === null ? 'create' : 'edit'}
      onSubmit={onSubmit}
      onCancel={onClose}
      submitting={submitting}
      formError={formError}
      canSave={canAdminister}
      onDelete={inventory !== null && canAdminister ? deletion.ask : undefined}
    >
      <Fieldset legend={t('inventories.form.sections.identity')} variant="filled">
        <Stack gap="sm">
          <TextInput label={t('inventories.form.name')} description={t('inventories.form.nameHint')} required readOnly={!canAdminister} data-autofocus {...form.getInputProps('name')} />
          <TextInput label={t('inventories.form.customer')} readOnly={!canAdminister} {...form.getInputProps('customer')} />
          <TextInput label={t('inventories.form.region')} readOnly={!canAdminister} {...form.getInputProps('region')} />
          <Select
            label={t('inventories.form.parent')}
            placeholder={t('inventories.form.parentNone')}
            searchable
            clearable
            disabled={!canAdminister}
            data={parentChoices}
            nothingFoundMessage={t('kit.picker.noItems')}
            comboboxProps={{ withinPortal: true }}
            value={form.values.parentId === '' ? null : form.values.parentId}
            onChange={(value) => form.setFieldValue('parentId', value ?? '')}
            error={form.errors['parentId']}
            data-path="parentId"
          />
          {inventory === null ? (
            <Switch label={t('inventories.form.autoGroup')} description={t('inventories.form.autoGroupHint')} disabled={!canAdminister} {...form.getInputProps('autoGroup', { type: 'checkbox' })} />
          ) : (
            <Text fz="sm" c="dimmed">
              {t(inventory.autoGroup ? 'inventories.form.autoGroupCreated' : 'inventories.form.autoGroupNone')}
            </Text>
          )}
          <TextInput label={t('inventories.form.sipServer')} description={t('inventories.form.sipServerHint')} readOnly={!canAdminister} {...form.getInputProps('sipServer')} />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('inventories.form.sections.access')} variant="filled">
        <Stack gap="sm">
          <TextInput label={t('inventories.form.identityProvider')} description={t('inventories.form.identityProviderHint')} readOnly={!canAdminister} {...form.getInputProps('identityProvider')} />
          <NumberInput
            label={t('inventories.form.userLicences')}
            description={t('inventories.form.userLicencesHint')}
            min={0}
            max={USER_LICENCES_MAX}
            allowDecimal={false}
            allowNegative={false}
            readOnly={!canAdminister}
            {...form.getInputProps('userLicences')}
          />
        </Stack>
      </Fieldset>
      <FeatureSwitches form={form} editable={canAdminister} />
      <DefaultVersionFields form={form} editable={canAdminister} />
      <PropertyRows form={form} editable={canAdminister} />
    </EntityFormBody>
  );

  return (
    <EntityDrawer opened title={inventory === null ? t('inventories.form.createTitle') : t('inventories.form.editTitle', { name: inventory.name })} onClose={onClose}>
      {inventory === null ? (
        details
      ) : (
        <Tabs defaultValue="details" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="details">{t('inventories.tabs.details')}</Tabs.Tab>
            <Tabs.Tab value="groups">{t('inventories.tabs.groups')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details">{details}</Tabs.Panel>
          <Tabs.Panel value="groups">
            <InventoryGroups inventory={inventory} />
          </Tabs.Panel>
        </Tabs>
      )}
      {deletion.dialog}
    </EntityDrawer>
  );
}
