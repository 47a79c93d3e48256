/**
 * A group in the drawer: its details form (name, inventory, auto-association flags) and, for an
 * existing group, its members (users, channels, units). The form checks the name with the
 * domain's rule as the user types (spec 002 §5) and shows the server's refusal on its field (a
 * name already taken) without losing what was typed.
 */
import { Select, Stack, Switch, Tabs, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../components/admin/useConfirmDelete.tsx';
import { EntityDrawer, EntityFormBody } from '../../components/admin/EntityDrawer.tsx';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { showSuccess } from '../../components/toasts.ts';
import { useMay } from '../../app/useMay.ts';
import { groupFormErrors } from '../../domain/groups.ts';
import type { GroupRow } from '../../protocol/rest/groups.ts';
import { createGroup, deleteGroup, groupKeys, invalidateGroups, searchInventories, updateGroup } from './queries.ts';
import { GroupMembers } from './GroupMembers.tsx';

interface GroupValues extends Record<string, unknown> {
  name: string;
  inventoryId: string;
  autoAssociation: boolean;
  unitAutoAssociation: boolean;
}

export interface GroupDrawerProps {
  /** The group to edit; null to create one. */
  readonly group: GroupRow | null;
  readonly onClose: () => void;
  readonly onSaved: (group: GroupRow) => void;
}

export function GroupDrawer({ group, onClose, onSaved }: GroupDrawerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canAdminister = useMay('groups.admin');
  const deletion = useConfirmDelete({ entity: group, nameOf: (e) => e.name, remove: (e) => deleteGroup(e.id), afterDelete: () => { void invalidateGroups(queryClient); onClose(); } });
  const inventories = useQuery({ queryKey: groupKeys.options('inventories', ''), queryFn: ({ signal }) => searchInventories('', signal), enabled: group === null });

  const { form, submitting, formError, onSubmit } = useEntityForm<GroupValues, GroupRow>({
    initialValues: {
      name: group?.name ?? '',
      inventoryId: group?.inventoryId ?? '',
      autoAssociation: group?.autoAssociation ?? false,
      unitAutoAssociation: group?.unitAutoAssociation ?? false,
    },
    validate: (values) => groupFormErrors(values, []),
    save: (values) =>
      group === null
        ? createGroup({ name: values.name.trim(), inventoryId: values.inventoryId, autoAssociation: values.autoAssociation, unitAutoAssociation: values.unitAutoAssociation })
        : updateGroup(group.id, { name: values.name.trim(), autoAssociation: values.autoAssociation, unitAutoAssociation: values.unitAutoAssociation }),
    onSaved: (saved) => {
      showSuccess(t(group === null ? 'kit.form.created' : 'kit.form.saved', { name: saved.name }));
      void invalidateGroups(queryClient);
      onSaved(saved);
    },
  });

  const details = (
    <EntityFormBody
      mode={group === null ? 'create' : 'edit'}
      onSubmit={onSubmit}
      onCancel={onClose}
      submitting={submitting}
      formError={formError}
      canSave={canAdminister}
      onDelete={group !== null && canAdminister ? deletion.ask : undefined}
    >
      <TextInput label={t('groups.form.name')} description={t('groups.form.nameHint')} required readOnly={!canAdminister} data-autofocus {...form.getInputProps('name')} />
      {group === null ? (
        <Select
          label={t('groups.form.inventory')}
          required
          searchable
          data={(inventories.data ?? []).map((inv) => ({ value: inv.id, label: inv.name }))}
          nothingFoundMessage={t('kit.picker.noItems')}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('inventoryId')}
        />
      ) : (
        <TextInput label={t('groups.form.inventory')} value={group.inventoryName} readOnly description={t('groups.form.inventoryFixed')} />
      )}
      <Switch label={t('groups.form.autoAssociation')} description={t('groups.form.autoAssociationHint')} disabled={!canAdminister} {...form.getInputProps('autoAssociation', { type: 'checkbox' })} />
      <Switch label={t('groups.form.unitAutoAssociation')} description={t('groups.form.unitAutoAssociationHint')} disabled={!canAdminister} {...form.getInputProps('unitAutoAssociation', { type: 'checkbox' })} />
    </EntityFormBody>
  );

  return (
    <EntityDrawer opened title={group === null ? t('groups.form.createTitle') : t('groups.form.editTitle', { name: group.name })} onClose={onClose}>
      {group === null ? (
        details
      ) : (
        <Tabs defaultValue="details" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="details">{t('groups.tabs.details')}</Tabs.Tab>
            <Tabs.Tab value="members">{t('groups.tabs.members')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details">
            <Stack>{details}</Stack>
          </Tabs.Panel>
          <Tabs.Panel value="members">
            <GroupMembers group={group} editable={canAdminister} onChanged={onSaved} />
          </Tabs.Panel>
        </Tabs>
      )}
      {deletion.dialog}
    </EntityDrawer>
  );
}
