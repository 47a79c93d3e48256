/**
 * A software version in the drawer (spec 002 "Software version"): version number (checked with the
 * domain's rule as the user types: dotted, 3.5 to 9.0, not taken), description, release notes URL,
 * supported devices (none: every type) and inventories (none: every inventory).
 */
import { MultiSelect, TextInput, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AssociationPicker } from '../../components/admin/AssociationPicker.tsx';
import { useConfirmDelete } from '../../components/admin/useConfirmDelete.tsx';
import { EntityDrawer, EntityFormBody } from '../../components/admin/EntityDrawer.tsx';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { showSuccess } from '../../components/toasts.ts';
import { SOFTWARE_VERSION_LIMITS, softwareVersionFormErrors } from '../../domain/softwareVersions.ts';
import type { Ref } from '../../protocol/rest/common.ts';
import { SUPPORTED_DEVICE_TYPES, type SoftwareVersionRow } from '../../protocol/rest/softwareVersions.ts';
import { createVersion, deleteVersion, invalidateVersions, searchInventories, softwareVersionKeys, updateVersion } from './queries.ts';

interface VersionValues extends Record<string, unknown> {
  version: string;
  description: string;
  releaseNotesUrl: string;
  supportedDevices: string[];
  inventories: Ref[];
}

type DeviceType = (typeof SUPPORTED_DEVICE_TYPES)[number];
const isDeviceType = (value: string): value is DeviceType => (SUPPORTED_DEVICE_TYPES as readonly string[]).includes(value);

export function VersionDrawer({ version, takenVersions, onClose }: { version: SoftwareVersionRow | null; takenVersions: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const deletion = useConfirmDelete({ entity: version, nameOf: (e) => e.version, remove: (e) => deleteVersion(e.id), afterDelete: () => { void invalidateVersions(queryClient); onClose(); } });
  const { form, submitting, formError, onSubmit } = useEntityForm<VersionValues, SoftwareVersionRow>({
    initialValues: {
      version: version?.version ?? '',
      description: version?.description ?? '',
      releaseNotesUrl: version?.releaseNotesUrl ?? '',
      supportedDevices: [...(version?.supportedDevices ?? [])],
      inventories: [...(version?.inventories ?? [])],
    },
    validate: (values) => softwareVersionFormErrors(values, takenVersions.filter((v) => v !== version?.version)),
    save: (values) => {
      const body = {
        version: values.version.trim(),
        description: values.description,
        releaseNotesUrl: values.releaseNotesUrl.trim(),
        supportedDevices: values.supportedDevices.filter(isDeviceType),
        inventoryIds: values.inventories.map((inventory) => inventory.id),
      };
      return version === null ? createVersion(body) : updateVersion(version.id, body);
    },
    onSaved: (saved) => {
      showSuccess(t(version === null ? 'kit.form.created' : 'kit.form.saved', { name: saved.version }));
      void invalidateVersions(queryClient);
      onClose();
    },
  });

  return (
    <EntityDrawer opened title={version === null ? t('softwareVersions.form.createTitle') : t('softwareVersions.form.editTitle', { version: version.version })} onClose={onClose}>
      <EntityFormBody mode={version === null ? 'create' : 'edit'} onSubmit={onSubmit} onCancel={onClose} submitting={submitting} formError={formError} canSave onDelete={version !== null ? deletion.ask : undefined}>
        <TextInput label={t('softwareVersions.form.version')} description={t('softwareVersions.form.versionHint')} required data-autofocus maxLength={SOFTWARE_VERSION_LIMITS.version} {...form.getInputProps('version')} />
        <Textarea label={t('softwareVersions.form.description')} autosize minRows={2} maxLength={SOFTWARE_VERSION_LIMITS.description} {...form.getInputProps('description')} />
        <TextInput label={t('softwareVersions.form.releaseNotesUrl')} placeholder="https://" maxLength={SOFTWARE_VERSION_LIMITS.releaseNotesUrl} {...form.getInputProps('releaseNotesUrl')} />
        <MultiSelect
          label={t('softwareVersions.form.supportedDevices')}
          description={t('softwareVersions.form.supportedDevicesHint')}
          data={SUPPORTED_DEVICE_TYPES.map((type) => ({ value: type, label: type }))}
          searchable
          clearable
          maxValues={SOFTWARE_VERSION_LIMITS.supportedDevices}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('supportedDevices')}
        />
        <AssociationPicker
          label={t('softwareVersions.form.inventories')}
          description={t('softwareVersions.form.inventoriesHint')}
          value={form.values.inventories}
          onChange={(value) => form.setFieldValue('inventories', value)}
          search={searchInventories}
          queryKey={softwareVersionKeys.inventories}
          maxValues={SOFTWARE_VERSION_LIMITS.inventories}
          error={typeof form.errors['inventoryIds'] === 'string' ? form.errors['inventoryIds'] : undefined}
        />
      </EntityFormBody>
      {deletion.dialog}
    </EntityDrawer>
  );
}
