import { ActionIcon, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { metadataField, unitComment, UNIT_COMMENT_MAX_CHARS } from '../../../domain/validation/unitFields.ts';
import { unitNameErrors } from '../../../domain/validation/names.ts';
import { required } from '../../../domain/validation/fields.ts';
import { saveUnitIdentity } from '../api/unitCalls.ts';
import type { UnitDetails } from '../model/unitDetails.ts';
import { FormFooter } from './FormFooter.tsx';
import { useFormSave } from './useFormSave.ts';

interface MetadataValues {
  name: string;
  comment: string;
  fields: { key: string; value: string }[];
}

/**
 * Metadata: the unit's name (letters, numbers, _ and -; unique: the server checks), its comment
 * (max 100) and metadata fields (no ';' or '\', max 1024) (spec 000 §5). PUT v2/units/{id}.
 */
export function MetadataTab({ unitId, details, enabled }: { unitId: string; details: UnitDetails; enabled: boolean }) {
  const { t } = useTranslation();
  const form = useForm<MetadataValues>({
    initialValues: {
      name: details.name,
      comment: details.comment,
      fields: Object.entries(details.metadata).map(([key, value]) => ({ key, value })),
    },
    validate: {
      name: (value) => unitNameErrors(value, []),
      comment: (value) => unitComment(value),
      fields: { key: (value) => required(value), value: (value) => metadataField(value) },
    },
  });
  const { save, formError } = useFormSave(
    unitId,
    form,
    (values: MetadataValues) =>
      saveUnitIdentity(unitId, { name: values.name, comment: values.comment, metadata: Object.fromEntries(values.fields.map((f) => [f.key.trim(), f.value])) }),
    { name: 'name', comment: 'comment', ...Object.fromEntries(form.values.fields.map((f, i) => [f.key, `fields.${i}.value`])) },
  );
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        <TextInput label={t('unitConfig.metadata.name')} withAsterisk disabled={!enabled} {...form.getInputProps('name')} />
        <Textarea
          label={t('unitConfig.metadata.comment')}
          description={t('unitConfig.metadata.commentHint', { count: UNIT_COMMENT_MAX_CHARS })}
          autosize
          minRows={2}
          disabled={!enabled}
          {...form.getInputProps('comment')}
        />
        <Text fw={600} fz="sm">
          {t('unitConfig.metadata.fields')}
        </Text>
        {form.values.fields.length === 0 && (
          <Text c="dimmed" fz="sm">
            {t('unitConfig.metadata.noFields')}
          </Text>
        )}
        {form.values.fields.map((_field, index) => (
          <Group key={index} align="flex-start" wrap="nowrap">
            <TextInput aria-label={t('unitConfig.metadata.key')} placeholder={t('unitConfig.metadata.key')} w={200} disabled={!enabled} {...form.getInputProps(`fields.${index}.key`)} />
            <TextInput aria-label={t('unitConfig.metadata.value')} placeholder={t('unitConfig.metadata.value')} style={{ flex: 1 }} disabled={!enabled} {...form.getInputProps(`fields.${index}.value`)} />
            <ActionIcon mt={6} variant="subtle" color="red" aria-label={t('unitConfig.metadata.remove')} disabled={!enabled} onClick={() => form.removeListItem('fields', index)}>
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="default" disabled={!enabled} onClick={() => form.insertListItem('fields', { key: '', value: '' })}>
            {t('unitConfig.metadata.add')}
          </Button>
        </Group>
        <FormFooter error={formError} saving={save.isPending} disabled={!enabled} />
      </Stack>
    </form>
  );
}
