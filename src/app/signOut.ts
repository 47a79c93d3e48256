import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { signOut } from '../api/resources.ts';
import { queryKeys } from '../api/queries.ts';
import type { CurrentUser } from '../api/resources.ts';
import { showError } from '../components/toasts.ts';
import { clearPasswordNoticePostponement, markSessionStart } from './sessionState.ts';
import { SIGN_IN_PATH } from './signInPaths.ts';

/**
 * Signs out: ends the server session, forgets the postponed password notice (it shows again at
 * the next sign-in), leaves for the sign-in page and drops the user's cached data. A server that
 * cannot be reached still leaves this page signed out.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const user = queryClient.getQueryData<CurrentUser>(queryKeys.currentUser);
    try {
      await signOut();
    } catch (error) {
      showError(error);
    }
    if (user !== undefined) clearPasswordNoticePostponement(user.id);
    markSessionStart();
    await navigate(SIGN_IN_PATH, { replace: true });
    queryClient.removeQueries({ queryKey: queryKeys.session });
  }, [navigate, queryClient]);
}
