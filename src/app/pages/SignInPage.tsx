import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { required } from '../../domain/validation/fields.ts';
import { signIn } from '../../api/signIn.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { CenteredPage } from '../../components/CenteredPage.tsx';
import { errorMessageOf } from '../../components/toasts.ts';
import { clearSignedOutHere, markSessionStart } from '../sessionState.ts';
import { loadQueryClient } from '../queryClientLoader.ts';
import { isSafeNext } from '../signInPaths.ts';
import { prefetchAfterSignInPage, type SignInPrefetch } from '../signInPrefetch.ts';

type Field = 'username' | 'password';

/** Both fields are required (spec 002's shared "This field is required"): each empty one's message. */
function fieldErrorsOf(values: Readonly<Record<Field, string>>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of ['username', 'password'] as const) {
    const error = required(values[field]);
    if (error !== null) errors[field] = error;
  }
  return errors;
}

/**
 * Sign-in (issue 5 item 2). On success the user goes to the page that sent them here, or to the
 * shell, where the guard restores the last route (spec 000 §2). A refusal shows the server's words.
 * Two fields read from the form on submit, without a form kit: @mantine/form is ~6 kB of the sign-in
 * page's JavaScript (issue 15 item 6, docs/performance.md §7r); every other form uses it.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
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

  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const passwordInput = useRef<HTMLInputElement>(null);
  // A field's message goes once it is edited, as with the form kit elsewhere.
  const clearErrorOf = (field: Field) => () => setFieldErrors((errors) => (errors[field] === undefined ? errors : { ...errors, [field]: undefined }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const username = String(data.get('username') ?? '');
    const password = String(data.get('password') ?? '');
    const errors = fieldErrorsOf({ username, password });
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const signingIn = signIn({ username: username.trim(), password });
      prefetch.current?.now(); // done already unless submitted before the page was idle; behind the sign-in request otherwise
      const user = await signingIn;
      const queryClient = await loadQueryClient(); // loaded while the user typed (signInPrefetch.ts)
      queryClient.removeQueries({ queryKey: queryKeys.session });
      queryClient.setQueryData(queryKeys.currentUser, user);
      clearSignedOutHere();
      markSessionStart();
      await navigate(safeNext ?? '/', { replace: true });
    } catch (error) {
      setFailure(errorMessageOf(error));
      if (passwordInput.current !== null) passwordInput.current.value = '';
    } finally {
      setBusy(false);
    }
  };

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
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('signIn.username')}
            autoComplete="username"
            autoFocus
            withAsterisk
            name="username"
            error={fieldErrors.username}
            onChange={clearErrorOf('username')}
          />
          <PasswordInput
            label={t('signIn.password')}
            autoComplete="current-password"
            withAsterisk
            name="password"
            ref={passwordInput}
            error={fieldErrors.password}
            onChange={clearErrorOf('password')}
          />
          <Button type="submit" loading={busy} fullWidth mt="xs">
            {t('signIn.submit')}
          </Button>
        </Stack>
      </form>
    </CenteredPage>
  );
}
