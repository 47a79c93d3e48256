import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { signOut } from '../api/resources.ts';
import { queryKeys } from '../api/queries.ts';
import type { CurrentUser } from '../api/resources.ts';
import { showProblem } from '../components/toasts.ts';
import { clearPasswordNoticePostponement, markSessionStart, markSignedOutHere } from './sessionState.ts';
import { SIGN_IN_PATH } from './signInPaths.ts';

/**
 * Signs out: ends the server session, forgets the postponed password notice (it shows again at
 * the next sign-in), leaves for the sign-in page and drops the user's cached data. A server that
 * cannot be reached still leaves this tab signed out (markSignedOutHere), with a toast saying so.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useCallback(async () => {
    const user = queryClient.getQueryData<CurrentUser>(queryKeys.currentUser);
    try {
      await signOut();
    } catch {
      // The server may still hold the session: this tab acts signed out until the next sign-in
      // here (sessionState.ts), and says so.
      markSignedOutHere();
      showProblem(t('signOut.failed'), t('signOut.failedTitle'));
    }
    if (user !== undefined) clearPasswordNoticePostponement(user.id);
    markSessionStart();
    await navigate(SIGN_IN_PATH, { replace: true });
    queryClient.removeQueries({ queryKey: queryKeys.session });
  }, [navigate, queryClient, t]);
}
