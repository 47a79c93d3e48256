/**
 * A new graphics app (POST graphics/singular, spec 002 §7: "also creates a control app"): a name
 * and a template of the inventory's catalogue, in the user's graphics region. The domain's rules
 * check as the user types; the server's refusal lands on its field.
 */
import { Modal, Select, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EntityFormBody } from '../../components/admin/EntityDrawer.tsx';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { showSuccess } from '../../components/toasts.ts';
import { graphicsAppErrors, GRAPHICS_APP_NAME_MAX_LENGTH } from '../../domain/graphicsCloud.ts';
import { createApp, fetchTemplates, graphicsKeys, invalidateGraphics } from './queries.ts';

interface AppValues extends Record<string, unknown> {
  name: string;
  templateId: string;
}

export function NewAppModal({ inventoryId, region, regionLabel, onClose }: { inventoryId: string; region: string | null; regionLabel: string; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const templates = useQuery({ queryKey: graphicsKeys.templates(inventoryId), queryFn: ({ signal }) => fetchTemplates(inventoryId, signal), retry: false });
  const { form, submitting, formError, onSubmit } = useEntityForm<AppValues, Awaited<ReturnType<typeof createApp>>>({
    initialValues: { name: '', templateId: '' },
    validate: (values) => graphicsAppErrors({ name: values.name.trim(), templateId: values.templateId }),
    save: (values) => createApp({ inventoryId, name: values.name.trim(), templateId: values.templateId, ...(region !== null ? { region } : {}) }),
    onSaved: (made) => {
      showSuccess(t('graphics.apps.made', { name: made.app.name, control: made.controlApp.name }));
      void invalidateGraphics(queryClient);
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('graphics.apps.newTitle')} centered closeButtonProps={{ 'aria-label': t('kit.form.close') }}>
      <EntityFormBody mode="create" onSubmit={onSubmit} onCancel={onClose} submitting={submitting} formError={formError}>
        <TextInput label={t('graphics.apps.name')} description={t('graphics.apps.nameHint', { max: GRAPHICS_APP_NAME_MAX_LENGTH })} required data-autofocus {...form.getInputProps('name')} />
        <Select
          label={t('graphics.apps.template')}
          required
          searchable
          data={(templates.data ?? []).map((tpl) => ({ value: tpl.id, label: `${tpl.name} — ${tpl.description}` }))}
          nothingFoundMessage={t('kit.picker.noItems')}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('templateId')}
        />
        <Text fz="sm" c="dimmed">
          {t('graphics.apps.inRegion', { region: regionLabel })}
        </Text>
      </EntityFormBody>
    </Modal>
  );
}
