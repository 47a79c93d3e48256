import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { reboot } from '../api/unitCalls.ts';
import { useUnitAction } from '../useUnitPage.ts';

/** Reboot (LuReboot), after a confirmation. */
export function RebootButton({ unitId, unitName, disabled }: { unitId: string; unitName: string; disabled: boolean }) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  const action = useUnitAction(unitId, () => reboot(unitId), 'unitPage.toast.rebooting');
  return (
    <>
      <Button variant="default" disabled={disabled} onClick={modal.open}>
        {t('unitPage.reboot.button')}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={t('unitPage.reboot.title')} centered>
        <Text mb="lg">{t('unitPage.reboot.confirm', { name: unitName })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={modal.close}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={action.isPending} onClick={() => action.mutate([], { onSettled: modal.close })}>
            {t('unitPage.reboot.button')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
