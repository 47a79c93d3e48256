/**
 * The actions of one Devices row (issue 12): edit (server drawer, or device drawer with LU-Link)
 * software upgrade (the dialog of src/features/upgrade/, for those who may run upgrades) and delete.
 */
import { ActionIcon, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/useMay.ts';
import type { DeviceKind } from '../../domain/devices.ts';

export type DeviceAction = 'edit' | 'luLink' | 'upgrade' | 'delete';

export function DeviceRowActions({ kind, name, onAction }: { readonly kind: DeviceKind; readonly name: string; readonly onAction: (action: DeviceAction) => void }) {
  const { t } = useTranslation();
  const serverAdmin = useMay('servers.admin');
  const unitAdmin = useMay('units.admin');
  const mayUpgrade = useMay('upgrade.run');
  const canDelete = kind === 'server' ? serverAdmin : unitAdmin;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('devices.actions.open', { name })} onClick={(e) => e.stopPropagation()}>
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        <Menu.Item onClick={() => onAction('edit')}>{t('devices.actions.edit')}</Menu.Item>
        {kind !== 'server' && <Menu.Item onClick={() => onAction('luLink')}>{t('devices.actions.luLink')}</Menu.Item>}
        {mayUpgrade && <Menu.Item onClick={() => onAction('upgrade')}>{t('devices.actions.upgrade')}</Menu.Item>}
        {canDelete && (
          <Menu.Item color="red" onClick={() => onAction('delete')}>
            {t('devices.actions.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
