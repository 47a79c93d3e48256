import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { pageTitleKey } from '../domain/roles/guard.ts';
import { translatedTitle } from '../i18n/i18n.ts';
import { loadedQueryClient } from './queryClientLoader.ts';

/** spec 000 §2 "The title of a page is the translation of its path": document.title follows the location. */
export function usePageTitle(): string {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const title = translatedTitle(t, pageTitleKey(pathname));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return title;
}

/**
 * The element of the guard route: the page the guard allowed, with its title and the REST cache
 * (TanStack Query). The guard's loader has made the client before this renders (router.tsx).
 */
export function GuardRoot() {
  usePageTitle();
  const queryClient = loadedQueryClient();
  if (queryClient === undefined) throw new Error('GuardRoot rendered before the guard loaded the QueryClient (router.tsx lazyGuardLoader)');
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
