/**
 * System Entities (spec 002 §2 /system_entities with child tabs, super user): a tab bar of links,
 * one per tab route of src/domain/roles/routes.ts (parent SystemEntities), and the open tab's
 * screen below it (the router nests the tab routes inside this one: src/app/router.tsx). The page
 * itself, opened without a tab, goes to the first tab. Each tab has its own title (the
 * translation of its path, spec 000 §2), so the page adds no heading of its own.
 */
import { Stack } from '@mantine/core';
import { Navigate, NavLink, useOutlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../domain/roles/routes.ts';
import classes from './SystemEntitiesTabs.module.css';

/** The tab routes in the table's order, with their last path segment (the key of their label). */
export const SYSTEM_ENTITY_TABS = ROUTES.filter((route) => route.parent === 'SystemEntities').map((route) => ({
  name: route.name,
  path: route.path,
  segment: route.path.slice(route.path.lastIndexOf('/') + 1),
}));

export function SystemEntitiesTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('systemEntities.tabsLabel')} className={classes.bar}>
      {SYSTEM_ENTITY_TABS.map((tab) => (
        <NavLink key={tab.name} to={tab.path} className={classes.tab}>
          {t(`systemEntities.tabs.${tab.segment}`)}
        </NavLink>
      ))}
    </nav>
  );
}

export function SystemEntitiesScreen() {
  const outlet = useOutlet();
  const first = SYSTEM_ENTITY_TABS[0];
  if (outlet === null && first !== undefined) return <Navigate to={first.path} replace />;
  return (
    <Stack gap="lg">
      <SystemEntitiesTabs />
      {outlet}
    </Stack>
  );
}

export default SystemEntitiesScreen;
