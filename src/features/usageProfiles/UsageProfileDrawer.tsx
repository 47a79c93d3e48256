/**
 * A usage profile in the drawer: name, type (data or hours), MB or hours per month, reset day
 * (spec 002 §3, §5). The domain's rules run as the user types; the server's refusals (a name taken,
 * a default profile, a profile with devices) are shown where they belong without losing the input.
 * Default profiles are every inventory's: shown read-only; deleting one is refused by the server.
 */
import { Alert, NumberInput, Select, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../components/admin/useConfirmDelete.tsx';
import { EntityDrawer, EntityFormBody } from '../../components/admin/EntityDrawer.tsx';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { showSuccess } from '../../components/toasts.ts';
import { useMay } from '../../app/useMay.ts';
import { RESET_DAY_MAX, RESET_DAY_MIN, USAGE_PROFILE_TYPES, usageProfileFormErrors, type UsageProfileType } from '../../domain/usageProfiles.ts';
import type { UsageProfileRow } from '../../protocol/rest/usageProfiles.ts';
import { createUsageProfile, deleteUsageProfile, invalidateUsageProfiles, updateUsageProfile } from './queries.ts';
import { useMyInventories } from '../services/queries.ts';

interface ProfileValues extends Record<string, unknown> {
  name: string;
  inventoryId: string;
  type: string;
  value: string | number;
  resetDay: string | number;
}

export interface UsageProfileDrawerProps {
  readonly profile: UsageProfileRow | null;
  readonly onClose: () => void;
  readonly onSaved: (profile: UsageProfileRow) => void;
}

export function UsageProfileDrawer({ profile, onClose, onSaved }: UsageProfileDrawerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canAdminister = useMay('usageProfiles.admin');
  const editable = canAdminister && profile?.isDefault !== true;
  const deletion = useConfirmDelete({ entity: profile, nameOf: (e) => e.name, remove: (e) => deleteUsageProfile(e.id), afterDelete: () => { void invalidateUsageProfiles(queryClient); onClose(); } });
  const inventories = useMyInventories();

  const { form, submitting, formError, onSubmit } = useEntityForm<ProfileValues, UsageProfileRow>({
    initialValues: {
      name: profile?.name ?? '',
      inventoryId: profile?.inventoryId ?? '',
      type: profile?.type ?? 'data',
      value: profile?.value ?? '',
      resetDay: profile?.resetDay ?? 1,
    },
    validate: (values) => {
      const errors: Record<string, string> = { ...usageProfileFormErrors(values, []) };
      if (profile === null && values.inventoryId === '') errors['inventoryId'] = t('usageProfiles.form.inventoryRequired');
      return errors;
    },
    save: (values) => {
      const fields = { name: values.name.trim(), type: values.type as UsageProfileType, value: Number(values.value), resetDay: Number(values.resetDay) };
      return profile === null ? createUsageProfile({ ...fields, inventoryId: values.inventoryId }) : updateUsageProfile(profile.id, fields);
    },
    onSaved: (saved) => {
      showSuccess(t(profile === null ? 'kit.form.created' : 'kit.form.saved', { name: saved.name }));
      void invalidateUsageProfiles(queryClient);
      onSaved(saved);
    },
  });
  const type = form.getValues().type === 'hours' ? 'hours' : 'data';

  return (
    <EntityDrawer opened title={profile === null ? t('usageProfiles.form.createTitle') : t('usageProfiles.form.editTitle', { name: profile.name })} onClose={onClose}>
      <EntityFormBody
        mode={profile === null ? 'create' : 'edit'}
        onSubmit={onSubmit}
        onCancel={onClose}
        submitting={submitting}
        formError={formError}
        canSave={editable}
        onDelete={profile !== null && canAdminister ? deletion.ask : undefined}
      >
        {profile?.isDefault === true && (
          <Alert color="gray" variant="light">
            {t('usageProfiles.form.defaultNotice')}
          </Alert>
        )}
        <TextInput label={t('usageProfiles.form.name')} required readOnly={!editable} data-autofocus {...form.getInputProps('name')} />
        {profile === null ? (
          <Select
            label={t('usageProfiles.form.inventory')}
            required
            searchable
            data={(inventories.data ?? []).map((inv) => ({ value: inv.id, label: inv.name }))}
            nothingFoundMessage={t('kit.picker.noItems')}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('inventoryId')}
          />
        ) : (
          <TextInput label={t('usageProfiles.form.inventory')} value={profile.inventoryName ?? t('usageProfiles.allInventories')} readOnly />
        )}
        <Select
          label={t('usageProfiles.form.type')}
          required
          readOnly={!editable}
          data={USAGE_PROFILE_TYPES.map((value) => ({ value, label: t(`usageProfiles.types.${value}`) }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('type')}
        />
        <NumberInput label={t(`usageProfiles.form.value.${type}`)} required min={0} readOnly={!editable} {...form.getInputProps('value')} />
        <NumberInput
          label={t('usageProfiles.form.resetDay')}
          description={t('usageProfiles.form.resetDayHint', { min: RESET_DAY_MIN, max: RESET_DAY_MAX })}
          required
          readOnly={!editable}
          {...form.getInputProps('resetDay')}
        />
      </EntityFormBody>
      {deletion.dialog}
    </EntityDrawer>
  );
}
