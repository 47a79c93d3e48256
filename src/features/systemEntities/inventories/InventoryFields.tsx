/**
 * The longer parts of the inventory form, each bound to the drawer's Mantine form: the feature
 * flags as switches (spec 000 §6), one default software version per unit type group (spec 000 §3,
 * §9: 3.5 to 9.0), and the properties as key/value rows. Their messages are the domain's, keyed as
 * Mantine keys nested values (`features.lux`, `defaultSwVersions.fieldUnits`, `properties.0.key`).
 */
import { Button, CloseButton, Fieldset, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_VERSION_GROUPS } from '../../../domain/inventories.ts';
import { INVENTORY_FEATURE_FLAG_NAMES } from '../../../domain/roles/roleSets.ts';
import type { InventoryValues } from './inventoryValues.ts';

interface FieldsProps {
  readonly form: UseFormReturnType<InventoryValues>;
  readonly editable: boolean;
}

export function FeatureSwitches({ form, editable }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('inventories.form.sections.features')} variant="filled">
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        {INVENTORY_FEATURE_FLAG_NAMES.map((flag) => (
          <Switch key={flag} label={t(`inventories.features.${flag}`)} disabled={!editable} {...form.getInputProps(`features.${flag}`, { type: 'checkbox' })} />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}

export function DefaultVersionFields({ form, editable }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('inventories.form.sections.versions')} variant="filled">
      <Stack gap="xs">
        <Text c="dimmed" fz="xs">
          {t('inventories.form.versionsHint')}
        </Text>
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          {DEFAULT_VERSION_GROUPS.map((group) => (
            <TextInput
              key={group}
              size="xs"
              label={t(`inventories.versionGroups.${group}`)}
              placeholder={t('inventories.form.versionPlaceholder')}
              readOnly={!editable}
              {...form.getInputProps(`defaultSwVersions.${group}`)}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

export function PropertyRows({ form, editable }: FieldsProps) {
  const { t } = useTranslation();
  const rows = form.values.properties;
  return (
    <Fieldset legend={t('inventories.form.sections.properties')} variant="filled">
      <Stack gap="xs">
        {rows.length === 0 && (
          <Text c="dimmed" fz="sm">
            {t('inventories.form.noProperties')}
          </Text>
        )}
        {rows.map((row, index) => (
          // Rows have no id of their own; their position is their identity while the drawer is open.
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput size="xs" style={{ flex: 2 }} aria-label={t('inventories.form.propertyKey')} placeholder={t('inventories.form.propertyKey')} readOnly={!editable} {...form.getInputProps(`properties.${index}.key`)} />
            <TextInput size="xs" style={{ flex: 3 }} aria-label={t('inventories.form.propertyValue')} placeholder={t('inventories.form.propertyValue')} readOnly={!editable} {...form.getInputProps(`properties.${index}.value`)} />
            {editable && <CloseButton mt={2} aria-label={t('inventories.form.removeProperty', { key: row.key || index + 1 })} onClick={() => form.removeListItem('properties', index)} />}
          </Group>
        ))}
        {form.errors['properties'] !== undefined && (
          <Text c="red" fz="xs" role="alert">
            {form.errors['properties']}
          </Text>
        )}
        {editable && (
          <Group>
            <Button size="xs" variant="light" onClick={() => form.insertListItem('properties', { key: '', value: '' })}>
              {t('inventories.form.addProperty')}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
