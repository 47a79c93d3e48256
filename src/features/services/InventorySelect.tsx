/** The services area's inventory filter (spec 001 §1 "a unit and licence activation page with an inventory filter"). */
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Ref } from '../../protocol/rest/common.ts';

export function InventorySelect({ inventories, value, onChange }: { readonly inventories: readonly Ref[]; readonly value: string | null; readonly onChange: (id: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('services.inventory')}
      w={280}
      searchable
      data={inventories.map((inv) => ({ value: inv.id, label: inv.name }))}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t('kit.picker.noItems')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
