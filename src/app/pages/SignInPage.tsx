import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { required } from '../../domain/validation/fields.ts';
import { signIn } from '../../api/signIn.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { CenteredPage } from '../../components/CenteredPage.tsx';
import { errorMessageOf } from '../../components/toasts.ts';
import { markSessionStart } from '../sessionState.ts';
import { isSafeNext } from '../signInPaths.ts';
import { prefetchAfterSignInPage, type SignInPrefetch } from '../signInPrefetch.ts';

/**
 * Sign-in (issue 5 item 2). On success the user goes to the page that sent them here, or to the
 * shell, where the guard restores the last route (spec 000 §2). A refusal shows the server's words.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sessionEnded = (location.state as { sessionEnded?: boolean } | null)?.sessionEnded === true;

  useEffect(() => {
    document.title = t('signIn.title');
  }, [t]);

  // The rest of what a sign-in needs loads while the user types (signInPrefetch.ts).
  const next = params.get('next');
  const safeNext = next !== null && isSafeNext(next) ? next : null;
  const prefetch = useRef<SignInPrefetch | null>(null);
  useEffect(() => {
    const scheduled = prefetchAfterSignInPage(safeNext);
    prefetch.current = scheduled;
    return scheduled.cancel;
  }, [safeNext]);

  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: { username: (value) => required(value), password: (value) => required(value) },
  });

  const submit = form.onSubmit(async ({ username, password }) => {
    setBusy(true);
    setFailure(null);
    try {
      const signingIn = signIn({ username: username.trim(), password });
      prefetch.current?.now(); // done already unless submitted before the page was idle; behind the sign-in request otherwise
      const user = await signingIn;
      queryClient.removeQueries({ queryKey: queryKeys.session });
      queryClient.setQueryData(queryKeys.currentUser, user);
      markSessionStart();
      await navigate(safeNext ?? '/', { replace: true });
    } catch (error) {
      setFailure(errorMessageOf(error));
      form.setFieldValue('password', '');
    } finally {
      setBusy(false);
    }
  });

  return (
    <CenteredPage heading={t('signIn.heading')} width={400}>
      {sessionEnded && failure === null && (
        <Alert color="yellow" variant="light">
          {t('signIn.sessionEnded')}
        </Alert>
      )}
      {failure !== null && (
        <Alert color="red" variant="light" title={t('signIn.failed')} role="alert">
          {failure}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('signIn.username')}
            autoComplete="username"
            autoFocus
            withAsterisk
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label={t('signIn.password')}
            autoComplete="current-password"
            withAsterisk
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={busy} fullWidth mt="xs">
            {t('signIn.submit')}
          </Button>
        </Stack>
      </form>
    </CenteredPage>
  );
}
