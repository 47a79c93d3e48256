/** The wall's controls: layout, filters (status group, type group, active alerts, search) and full screen. */
import { memo } from 'react';
import { Button, Group, MultiSelect, Select, Switch, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_FILTER_GROUPS, type StatusFilterGroup } from '../../domain/units/status.ts';
import { UNIT_TYPE_GROUPS, type UnitTypeGroup } from '../../domain/units/productTypes.ts';
import type { MultiviewFilters } from './filters.ts';
import { isMultiviewLayout, MULTIVIEW_LAYOUTS } from './layouts.ts';
import { MutedTransitions } from './MutedTransitions.tsx';

/** Memoized: the wall re-renders its screen when the shown units change, the controls only when their props do. */
export const MultiviewToolbar = memo(function MultiviewToolbar(props: {
  filters: MultiviewFilters;
  shown: number;
  onChange(filters: MultiviewFilters): void;
  onFullscreen(): void;
}) {
  const { t } = useTranslation();
  const { filters, onChange } = props;
  const layoutLabel = (layout: string) => (layout === 'fit' ? t('multiview.layoutFit') : layout.replace('x', '×'));
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      {/* the navigation and the document title name the page; the wall needs the width */}
      <VisuallyHidden>
        <Title order={1}>{t('routes.multiview')}</Title>
      </VisuallyHidden>
      <Select
        label={t('multiview.layout')}
        w={130}
        data={MULTIVIEW_LAYOUTS.map((layout) => ({ value: layout, label: layoutLabel(layout) }))}
        value={filters.layout}
        onChange={(value) => isMultiviewLayout(value) && onChange({ ...filters, layout: value })}
      />
      <MultiSelect
        label={t('multiview.status')}
        placeholder={filters.statuses.length === 0 ? t('multiview.all') : undefined}
        w={190}
        data={STATUS_FILTER_GROUPS.map((group) => ({ value: group, label: t(`multiview.statusGroups.${group}`) }))}
        value={[...filters.statuses]}
        onChange={(values) => onChange({ ...filters, statuses: values as StatusFilterGroup[] })}
        clearable
      />
      <MultiSelect
        label={t('multiview.type')}
        placeholder={filters.types.length === 0 ? t('multiview.all') : undefined}
        w={190}
        data={UNIT_TYPE_GROUPS.map((group) => ({ value: group, label: t(`multiview.typeGroups.${group}`) }))}
        value={[...filters.types]}
        onChange={(values) => onChange({ ...filters, types: values as UnitTypeGroup[] })}
        clearable
      />
      <TextInput
        label={t('multiview.search')}
        placeholder={t('multiview.searchPlaceholder')}
        w={160}
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.currentTarget.value })}
      />
      <Switch
        label={t('multiview.alertsOnly')}
        checked={filters.alertsOnly}
        onChange={(event) => onChange({ ...filters, alertsOnly: event.currentTarget.checked })}
        mb={8}
      />
      <Group gap="sm" ml="auto" style={{ alignSelf: 'center' }}>
        <MutedTransitions />
        <span aria-live="polite" style={{ fontSize: 13, opacity: 0.75 }} data-testid="multiview-count">
          {t('multiview.shown', { count: props.shown })}
        </span>
        <Button variant="light" onClick={props.onFullscreen}>
          {t('multiview.fullscreen')}
        </Button>
      </Group>
    </Group>
  );
});
