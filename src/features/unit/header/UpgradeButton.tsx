/** The unit page's "Software upgrade" action (admin set, spec 000 §5): opens the upgrade dialog for this unit. */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../../app/useMay.ts';
import { UpgradeDialog } from '../../upgrade/UpgradeDialog.tsx';

export function UpgradeButton({ unitId, disabled }: { unitId: string; disabled: boolean }) {
  const { t } = useTranslation();
  const may = useMay('upgrade.run');
  const [opened, setOpened] = useState(false);
  if (!may) return null;
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)} disabled={disabled} data-testid="software-upgrade">
        {t('upgrade.action')}
      </Button>
      <UpgradeDialog devices={{ units: [unitId], servers: [] }} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
