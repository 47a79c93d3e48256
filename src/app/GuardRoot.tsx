import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pageTitleKey } from '../domain/roles/guard.ts';
import { translatedTitle } from '../i18n/i18n.ts';

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

/** The element of the guard route: the page the guard allowed, with its title. */
export function GuardRoot() {
  usePageTitle();
  return <Outlet />;
}
