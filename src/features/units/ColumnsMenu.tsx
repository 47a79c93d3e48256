/** The column choice of the unit list (saved in preferences.gridPrefs.unitList). */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lazyMenu } from '../../components/lazyMenu.tsx';
import type { ColumnsMenuProps } from './ColumnsMenuDropdown.tsx';

/** The menu's code (Mantine's Menu and Checkbox) loads with the first hover, focus or click (components/lazyMenu.tsx). */
const ColumnsMenuDropdown = lazyMenu<ColumnsMenuProps>(async () => (await import('./ColumnsMenuDropdown.tsx')).default);

export function ColumnsMenu({ columns, onToggle }: ColumnsMenuProps) {
  const { t } = useTranslation();
  return (
    <ColumnsMenuDropdown.Menu
      columns={columns}
      onToggle={onToggle}
      trigger={
        <Button variant="default" size="sm">
          {t('unitList.columnsMenu')}
        </Button>
      }
    />
  );
}
