import { Fragment, useEffect, useRef } from 'react';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { menuFor, type VisibleEntry, type VisibleLink } from '../../domain/roles/menu.ts';
import { matchRoute, normalizePath } from '../../domain/roles/routes.ts';
import { useClientConfiguration } from '../../api/queries.ts';

function isActive(link: VisibleLink, pathname: string): boolean {
  const path = normalizePath(pathname);
  return path === link.path || path.startsWith(`${link.path}/`) || matchRoute(path)?.route.name === link.route;
}

function MenuLink({ link, pathname }: { readonly link: VisibleLink; readonly pathname: string }) {
  const { t } = useTranslation();
  return (
    <NavLink
      component={RouterNavLink}
      to={link.path}
      label={t(`menu.items.${link.title}`, { defaultValue: link.title })}
      active={isActive(link, pathname)}
      variant="light"
      py={5}
    />
  );
}

function Entry({ entry, pathname }: { readonly entry: VisibleEntry; readonly pathname: string }) {
  const { t } = useTranslation();
  if (!('children' in entry)) return <MenuLink link={entry} pathname={pathname} />;
  const open = entry.children.some((child) => isActive(child, pathname));
  return (
    <NavLink label={t(`menu.items.${entry.title}`, { defaultValue: entry.title })} defaultOpened={open} childrenOffset="md" py={5}>
      {entry.children.map((child) => (
        <MenuLink key={child.route} link={child} pathname={pathname} />
      ))}
    </NavLink>
  );
}

/**
 * spec 000 §2 "Navigation menu (by title)", filtered by role: menuFor shows exactly the links whose
 * route the guard would let this user open.
 */
export function NavigationMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const configuration = useClientConfiguration();
  const sections = menuFor({ roles: configuration.data?.loggedUserRoles ?? [] });
  // The menu scrolls above the toast lane when it is long (admin menus at 900 px): the current
  // page's link is kept in view.
  const navRef = useRef<HTMLElement>(null);
  const loaded = sections.length;
  useEffect(() => {
    const active = navRef.current?.querySelector<HTMLElement>('a[data-active]');
    active?.scrollIntoView({ block: 'nearest' });
  }, [pathname, loaded]);
  return (
    <nav aria-label={t('menu.label')} ref={navRef}>
      <Stack gap="sm">
        {sections.map(({ section, entries }) => {
          const label = t(`menu.sections.${section}`);
          const labelId = `menu-section-${section}`;
          return (
            <div key={section} role="group" aria-labelledby={labelId}>
              <Text id={labelId} tt="uppercase" fz={11} fw={700} c="dimmed" px="sm" mb={4} style={{ letterSpacing: '0.08em' }}>
                {label}
              </Text>
              {entries.map((entry) => (
                <Fragment key={entry.title}>
                  <Entry entry={entry} pathname={pathname} />
                </Fragment>
              ))}
            </div>
          );
        })}
      </Stack>
    </nav>
  );
}
