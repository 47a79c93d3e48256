import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFleet, useUnitIds } from '../../fleet/hooks.ts';

/** Units shown in the picker at once (searchable; the fleet may hold 50,000). */
const PICKER_LIMIT = 50;

/** Picks one unit of the current group (the fleet store's units, by name). */
export function UnitPicker({ value, onChange }: { value: string | null; onChange: (unitId: string | null) => void }) {
  const { t } = useTranslation();
  const { store } = useFleet();
  const ids = useUnitIds();
  const data = useMemo(
    () => ids.map((id) => ({ value: id, label: store.unit(id)?.name ?? id })).sort((a, b) => a.label.localeCompare(b.label)),
    [ids, store],
  );
  return (
    <Select
      label={t('fileUpload.unit')}
      placeholder={t('fileUpload.pickUnit')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      limit={PICKER_LIMIT}
      nothingFoundMessage={t('fileUpload.noUnit')}
      w={360}
    />
  );
}
