import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The modal footer of spec 002 §5: "Apply and OK are shown only to users with the luc_regular
 * role". Everyone gets Close; Apply saves the modal's settings, OK saves and closes.
 */
export function ModalFooter(props: { showApplyOk: boolean; pending: boolean; onClose(): void; onApply(): void; onOk(): void }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="md" data-testid="modal-footer">
      <Button variant="default" onClick={props.onClose}>
        {t('adhoc.footer.close')}
      </Button>
      {props.showApplyOk && (
        <>
          <Button variant="light" loading={props.pending} onClick={props.onApply}>
            {t('adhoc.footer.apply')}
          </Button>
          <Button loading={props.pending} onClick={props.onOk}>
            {t('adhoc.footer.ok')}
          </Button>
        </>
      )}
    </Group>
  );
}
