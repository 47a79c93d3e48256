/** The column choice of the unit list (saved in preferences.gridPrefs.unitList). */
import { Button, Checkbox, Menu, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitColumn } from './columns.ts';
import { FIXED_COLUMNS, UNIT_COLUMNS } from './columns.ts';

export function ColumnsMenu({ columns, onToggle }: { readonly columns: readonly UnitColumn[]; readonly onToggle: (column: UnitColumn) => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" closeOnItemClick={false} withinPortal>
      <Menu.Target>
        <Button variant="default" size="sm">
          {t('unitList.columnsMenu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={8} p={8} role="group" aria-label={t('unitList.columnsMenu')}>
          {UNIT_COLUMNS.map((column) => (
            <Checkbox
              key={column}
              label={t(`unitList.columns.${column}`)}
              checked={columns.includes(column)}
              disabled={FIXED_COLUMNS.includes(column)}
              onChange={() => onToggle(column)}
            />
          ))}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}
