/**
 * System Entities (spec 002 §2 /system_entities with child tabs, super user): a tab bar of links,
 * one per tab route of src/domain/roles/routes.ts (parent SystemEntities), and the open tab's
 * screen below it (the router nests the tab routes inside this one: src/app/router.tsx). The page
 * itself, opened without a tab, goes to the first tab. Each tab has its own title (the
 * translation of its path, spec 000 §2), so the page adds no heading of its own. System Settings
 * (/system_settings) is the same frame over its own tabs (PageWithTabs).
 */
import { Stack } from '@mantine/core';
import { Navigate, NavLink, useOutlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES, type RouteName } from '../../domain/roles/routes.ts';
import classes from './SystemEntitiesTabs.module.css';

/** The tab routes of a page in the table's order, with their last path segment (the key of their label). */
export function tabsOf(parent: RouteName) {
  return ROUTES.filter((route) => route.parent === parent).map((route) => ({
    name: route.name,
    path: route.path,
    segment: route.path.slice(route.path.lastIndexOf('/') + 1),
  }));
}

export const SYSTEM_ENTITY_TABS = tabsOf('SystemEntities');

/** A bar of tab links; `labelKey` is the i18n prefix of the tab labels (e.g. systemEntities.tabs). */
export function PageTabs({ tabs, label, labelKey }: { readonly tabs: ReturnType<typeof tabsOf>; readonly label: string; readonly labelKey: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} className={classes.bar}>
      {tabs.map((tab) => (
        <NavLink key={tab.name} to={tab.path} className={classes.tab}>
          {t(`${labelKey}.${tab.segment}`)}
        </NavLink>
      ))}
    </nav>
  );
}

export function SystemEntitiesTabs() {
  const { t } = useTranslation();
  return <PageTabs tabs={SYSTEM_ENTITY_TABS} label={t('systemEntities.tabsLabel')} labelKey="systemEntities.tabs" />;
}

/** A page whose tab routes render below its tab bar; opened without a tab, it goes to the first. */
export function PageWithTabs({ tabs, bar }: { readonly tabs: ReturnType<typeof tabsOf>; readonly bar: React.ReactNode }) {
  const outlet = useOutlet();
  const first = tabs[0];
  if (outlet === null && first !== undefined) return <Navigate to={first.path} replace />;
  return (
    <Stack gap="lg">
      {bar}
      {outlet}
    </Stack>
  );
}

export function SystemEntitiesScreen() {
  return <PageWithTabs tabs={SYSTEM_ENTITY_TABS} bar={<SystemEntitiesTabs />} />;
}

export default SystemEntitiesScreen;
