import { Checkbox, Menu, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LoadedMenuProps } from '../../components/lazyMenu.tsx';
import type { UnitColumn } from './columns.ts';
import { FIXED_COLUMNS, UNIT_COLUMNS } from './columns.ts';

export interface ColumnsMenuProps {
  readonly columns: readonly UnitColumn[];
  readonly onToggle: (column: UnitColumn) => void;
}

/** The column choice around its button (ColumnsMenu.tsx), loaded with the first hover, focus or click. */
export default function ColumnsMenuDropdown({ columns, onToggle, trigger }: ColumnsMenuProps & LoadedMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" closeOnItemClick={false} withinPortal returnFocus>
      <Menu.Target>{trigger}</Menu.Target>
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
