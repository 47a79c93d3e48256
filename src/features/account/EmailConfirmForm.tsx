/**
 * The second half of changing one's e-mail (issue 16 item 5): the code mailed to the new address,
 * pasted here, changes the e-mail (users/confirm_email). One code, once, within 24 h; any refusal
 * is the server's single text (a wrong, expired, used or another user's code all read the same).
 */
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { showSuccess } from '../../components/toasts.ts';
import { EMAIL_TOKEN_MAX_LENGTH, type CurrentUserDetails } from '../../protocol/rest/account.ts';
import { confirmEmail } from './queries.ts';

interface CodeValues extends Record<string, unknown> {
  code: string;
}

export function EmailConfirmForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submitting, formError, onSubmit } = useEntityForm<CodeValues, CurrentUserDetails>({
    initialValues: { code: '' },
    validate: (values) => {
      const code = values.code.trim();
      if (code === '') return { code: t('account.confirmEmail.required') };
      if (code.length > EMAIL_TOKEN_MAX_LENGTH) return { code: t('account.confirmEmail.tooLong', { max: EMAIL_TOKEN_MAX_LENGTH }) };
      return {};
    },
    save: (values) => confirmEmail(queryClient, values.code.trim()),
    onSaved: (user) => {
      form.reset();
      showSuccess(t('account.confirmEmail.confirmed', { address: user.email ?? '' }));
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('account.confirmEmail.title')}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('account.confirmEmail.title')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('account.confirmEmail.hint')}
        </Text>
        {formError !== null && (
          <Alert color="red" variant="light" title={t('kit.form.refused')} role="alert">
            {formError}
          </Alert>
        )}
        <Group align="flex-start" wrap="nowrap">
          <TextInput style={{ flex: 1 }} label={t('account.confirmEmail.code')} autoComplete="one-time-code" spellCheck={false} {...form.getInputProps('code')} />
          <Button type="submit" mt={25} variant="light" loading={submitting}>
            {t('account.confirmEmail.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
