/**
 * Add camera (spec 001 §2; spec 000 §3 "two camera brands, each with its own prefix and model
 * list"; §5 serial number XNXXXNNNN or XXXXXNNNN): brand, then one of its models, a name (the unit
 * name rule) and a serial number. The camera joins the inventory (and the chosen group).
 */
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { CAMERA_BRANDS, type CameraBrand } from '../../domain/units/productTypes.ts';
import { unitNameErrors } from '../../domain/validation/names.ts';
import { serialNumber } from '../../domain/validation/serialNumber.ts';
import { required } from '../../domain/validation/fields.ts';
import { firstError, type FormErrors } from '../../domain/validation/check.ts';
import { addCamera, invalidateDevices } from './queries.ts';

const BRANDS = Object.keys(CAMERA_BRANDS) as CameraBrand[];

export function AddCameraDialog({ inventoryId, groupId, onClose }: { readonly inventoryId: string; readonly groupId: string | null; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submitting, formError, onSubmit } = useEntityForm({
    initialValues: { brand: 'aperture' as CameraBrand, model: CAMERA_BRANDS.aperture.models[0] as string, name: '', serial: '' },
    validate: (v) => {
      const errors: FormErrors<'name' | 'serial' | 'model'> = {};
      const name = unitNameErrors(v.name, []);
      if (name !== null) errors.name = name;
      const serial = firstError(v.serial, [required, serialNumber]);
      if (serial !== null) errors.serial = serial;
      if (!(CAMERA_BRANDS[v.brand].models as readonly string[]).includes(v.model)) errors.model = t('devices.addCamera.pickModel');
      return errors;
    },
    save: (v) => addCamera({ name: v.name, type: v.model as (typeof CAMERA_BRANDS)['aperture']['models'][number], serial: v.serial, inventoryId, ...(groupId !== null ? { groupId } : {}) }),
    onSaved: () => {
      void invalidateDevices(queryClient);
      onClose();
    },
  });
  const models = CAMERA_BRANDS[form.values.brand].models;
  return (
    <Modal opened onClose={onClose} title={t('devices.addCamera.title')} centered closeButtonProps={{ 'aria-label': t('kit.form.close') }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Select
            label={t('devices.addCamera.brand')}
            data={BRANDS.map((b) => ({ value: b, label: `${CAMERA_BRANDS[b].name} (${CAMERA_BRANDS[b].prefix})` }))}
            value={form.values.brand}
            onChange={(v) => {
              const brand = (v ?? 'aperture') as CameraBrand;
              form.setValues({ brand, model: CAMERA_BRANDS[brand].models[0] });
            }}
          />
          <Select label={t('devices.addCamera.model')} data={[...models]} {...form.getInputProps('model')} />
          <TextInput label={t('devices.addCamera.name')} withAsterisk {...form.getInputProps('name')} />
          <TextInput label={t('devices.addCamera.serial')} description={t('devices.addCamera.serialHint')} withAsterisk {...form.getInputProps('serial')} />
          {formError !== null && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('kit.form.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {t('devices.addCamera.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
