import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A configuration tab's footer: the form's own error (the server's words) and the save button. */
export function FormFooter({ error, saving, disabled, label }: { error: string | null; saving: boolean; disabled: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <>
      {error !== null && (
        <Alert color="red" role="alert" data-testid="form-error">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={saving} disabled={disabled}>
          {label ?? t('common.save')}
        </Button>
      </Group>
    </>
  );
}
