/** Filter groups of the unit list (spec 000 §2): unit status, unit type, active alerts. */
import { Button, Chip, CloseButton, Group, MultiSelect, Pill } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_FILTER_GROUPS } from '../../domain/units/status.ts';
import type { StatusFilterGroup } from '../../domain/units/status.ts';
import { UNIT_TYPE_GROUPS } from '../../domain/units/productTypes.ts';
import type { UnitTypeGroup } from '../../domain/units/productTypes.ts';
import type { UnitFilters } from './filters.ts';
import { hasFilters, NO_FILTERS } from './filters.ts';

function isStatusGroup(value: string): value is StatusFilterGroup {
  return (STATUS_FILTER_GROUPS as readonly string[]).includes(value);
}

function isTypeGroup(value: string): value is UnitTypeGroup {
  return (UNIT_TYPE_GROUPS as readonly string[]).includes(value);
}

export function FilterBar({ filters, onChange }: { readonly filters: UnitFilters; readonly onChange: (filters: UnitFilters) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <Chip.Group multiple value={[...filters.statuses]} onChange={(values) => onChange({ ...filters, statuses: values.filter(isStatusGroup) })}>
        <Group gap={6} role="group" aria-label={t('unitList.filters.status')}>
          {STATUS_FILTER_GROUPS.map((group) => (
            <Chip key={group} value={group} size="sm" variant="outline">
              {t(`unitList.filters.statuses.${group}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <MultiSelect
        aria-label={t('unitList.filters.type')}
        placeholder={filters.typeGroups.length === 0 ? t('unitList.filters.type') : undefined}
        data={UNIT_TYPE_GROUPS.map((group) => ({ value: group, label: t(`unitList.filters.types.${group}`) }))}
        value={[...filters.typeGroups]}
        onChange={(values) => onChange({ ...filters, typeGroups: values.filter(isTypeGroup) })}
        size="sm"
        w={260}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <Chip checked={filters.activeAlerts} onChange={(checked) => onChange({ ...filters, activeAlerts: checked })} size="sm" variant="outline" color="red">
        {t('unitList.filters.activeAlerts')}
      </Chip>
      {filters.availability !== null && (
        <Pill withRemoveButton onRemove={() => onChange({ ...filters, availability: null })} removeButtonProps={{ 'aria-label': t('unitList.filters.removeAvailability') }}>
          {t(`unitList.counters.${filters.availability}`)}
        </Pill>
      )}
      {hasFilters({ ...filters, name: '' }) && (
        <Button variant="subtle" size="compact-sm" onClick={() => onChange({ ...NO_FILTERS, name: filters.name })} rightSection={<CloseButton component="span" size="xs" aria-hidden />}>
          {t('unitList.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
