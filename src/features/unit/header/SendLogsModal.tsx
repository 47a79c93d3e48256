import { Alert, Button, Checkbox, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../components/toasts.ts';
import { supportCaseErrors } from '../../../domain/validation/supportCase.ts';
import { sendLogs } from '../api/unitCalls.ts';
import { saveFailure } from '../model/serverErrors.ts';

/**
 * Send logs, optionally opening a support case with a required description (spec 000 §2 modals, §5).
 * A refusal shows the server's words in the modal, e.g. "Selected channel is busy" (spec 000 §8).
 */
export function SendLogsButton({ unitId, disabled }: { unitId: string; disabled: boolean }) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    initialValues: { openSupportCase: false, description: '' },
    validate: (values) => (values.openSupportCase ? supportCaseErrors({ description: values.description }) : {}),
  });
  const send = useMutation({
    mutationFn: (values: typeof form.values) => sendLogs(unitId, values.openSupportCase ? { description: values.description } : null),
    onSuccess: () => {
      showSuccess(t('unitPage.toast.logsSending'));
      modal.close();
      form.reset();
    },
    onError: (error) => {
      const failure = saveFailure(error, { description: 'description' });
      form.setErrors(failure.fields);
      setRefusal(failure.form);
    },
  });
  const close = () => {
    setRefusal(null);
    modal.close();
  };
  return (
    <>
      <Button variant="default" disabled={disabled} onClick={modal.open}>
        {t('unitPage.logs.button')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('unitPage.logs.title')} centered>
        <form
          onSubmit={form.onSubmit((values) => {
            setRefusal(null);
            send.mutate(values);
          })}
        >
          <Stack>
            {refusal !== null && (
              <Alert color="red" role="alert" data-testid="send-logs-refusal">
                {refusal}
              </Alert>
            )}
            <Checkbox label={t('unitPage.logs.openCase')} {...form.getInputProps('openSupportCase', { type: 'checkbox' })} />
            {form.values.openSupportCase && (
              <Textarea label={t('unitPage.logs.description')} withAsterisk autosize minRows={3} {...form.getInputProps('description')} />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={send.isPending}>
                {t('unitPage.logs.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
