/**
 * The password change (spec 002 §5, §8: the old password must match, the new one follows the
 * rules, the confirmation matches it), on the Account screen and on the password notice page. The
 * domain checks what it can as the user types; "Old password does not match" is the server's
 * answer, shown on its field. The fields empty after a change.
 */
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { showSuccess } from '../../components/toasts.ts';
import { passwordChangeErrors } from '../../domain/users.ts';
import { changePassword } from './queries.ts';

interface PasswordValues extends Record<string, unknown> {
  oldPassword: string;
  password: string;
  passwordConfirmation: string;
}

export interface PasswordChangeFormProps {
  /** Called after the server took the new password. */
  readonly onChanged?: () => void;
  /** False for an SSO account (the IT admin's): the fields are shown disabled. */
  readonly enabled?: boolean;
}

export function PasswordChangeForm({ onChanged, enabled = true }: PasswordChangeFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submitting, formError, onSubmit } = useEntityForm<PasswordValues, Awaited<ReturnType<typeof changePassword>>>({
    initialValues: { oldPassword: '', password: '', passwordConfirmation: '' },
    validate: (values) => passwordChangeErrors(values),
    save: (values) => changePassword(queryClient, values),
    onSaved: (changed) => {
      form.reset();
      showSuccess(changed.otherSessionsEnded > 0 ? t('account.password.changedOthers', { count: changed.otherSessionsEnded }) : t('account.password.changed'));
      onChanged?.();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('account.password.title')}>
      <Stack gap="sm">
        {formError !== null && (
          <Alert color="red" variant="light" title={t('kit.form.refused')} role="alert">
            {formError}
          </Alert>
        )}
        <Text c="dimmed" fz="xs">
          {t('account.password.hint')}
        </Text>
        <PasswordInput label={t('account.password.oldPassword')} required autoComplete="current-password" disabled={!enabled} {...form.getInputProps('oldPassword')} />
        <PasswordInput label={t('account.password.password')} required autoComplete="new-password" disabled={!enabled} {...form.getInputProps('password')} />
        <PasswordInput label={t('account.password.passwordConfirmation')} required autoComplete="new-password" disabled={!enabled} {...form.getInputProps('passwordConfirmation')} />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting} disabled={!enabled}>
            {t('account.password.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
