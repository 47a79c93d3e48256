import { Outlet } from 'react-router';
import { AppShell, Burger, Button, Group, ScrollArea, Text } from '@mantine/core';
import { TOAST_LANE_HEIGHT_PX } from '../../domain/constants.ts';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useBackgroundPolling } from '../../api/polling.ts';
import { BrandMark } from '../../components/BrandMark.tsx';
import { AppsIcon } from '../../components/icons.tsx';
import { ConnectionIndicator } from '../../features/fleet/ConnectionIndicator.tsx';
import { FleetConnection } from '../../features/fleet/FleetConnection.tsx';
import { GroupSelector } from '../../features/fleet/GroupSelector.tsx';
import { ReplayBanner } from '../../features/replay/ReplayBanner.tsx';
import { IncidentBell } from '../../features/incidents/IncidentBell.tsx';
import { FreshnessBanner, useStale } from '../../features/fleet/FreshnessBanner.tsx';
import { NavigationMenu } from './NavigationMenu.tsx';
import { NotificationBanner } from './NotificationBanner.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { UserMenu } from './UserMenu.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';
import { WhatsNewDialog } from '../../features/whatsNew/WhatsNewDialog.tsx';
import { lazyOverlay } from '../../components/lazyDialog.tsx';
import { useToastLane } from '../toastLane.tsx';

export const HEADER_HEIGHT_PX = 52;
export const NAVBAR_WIDTH_PX = 248;

/**
 * The home shell (spec 000 §2 "/ is the home shell"): header with the applications drawer,
 * the theme switch and the user menu; the navigation menu filtered by role on the left; the
 * global notifications above the page. Every shell route renders in the outlet, inside the fleet
 * stream of the current group (FleetConnection; the group selector and the connection state are
 * in the header).
 */
/** The page, greyed while its data is stale (the banner above says as of when). */
function StaleContent({ children }: { readonly children: React.ReactNode }) {
  const stale = useStale();
  return (
    <div data-stale={stale ? 'true' : 'false'} style={stale ? { filter: 'saturate(0.25)', opacity: 0.8 } : undefined}>
      {children}
    </div>
  );
}

/** The applications drawer loads with its first opening (components/lazyDialog.tsx). */
const applicationsDrawer = lazyOverlay(async () => (await import('./ApplicationsDrawer.tsx')).ApplicationsDrawer);

export function Shell() {
  const { t } = useTranslation();
  const [navOpen, nav] = useDisclosure(true);
  const [appsOpen, apps] = useDisclosure(false);
  useBackgroundPolling();
  useToastLane(); // mounted now, so a toast never waits for the lane's chunk (toastLane.tsx)

  return (
    <FleetConnection>
      <AppShell
        header={{ height: HEADER_HEIGHT_PX }}
        navbar={{ width: NAVBAR_WIDTH_PX, breakpoint: 'sm', collapsed: { desktop: !navOpen, mobile: !navOpen } }}
        padding="lg"
      >
        <AppShell.Header>
          <SkipLink />
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={navOpen} onClick={nav.toggle} size="sm" aria-label={t('header.toggleMenu')} />
              <Button variant="subtle" color="gray" leftSection={<AppsIcon />} {...applicationsDrawer.prefetchOn} onClick={apps.open} aria-haspopup="dialog">
                {t('drawer.open')}
              </Button>
              <BrandMark />
            </Group>
            <Group gap="xs" wrap="nowrap">
              <GroupSelector />
              <ConnectionIndicator />
              <IncidentBell />
              <ThemeToggle />
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar>
          <AppShell.Section grow component={ScrollArea} px="xs" py="sm">
            <NavigationMenu />
          </AppShell.Section>
          {/* The toast lane (issue 17 "never over a dialog or a control"): the menu never uses this
              part of the column; the toasts stack bottom-left inside it (providers.tsx). */}
          <AppShell.Section h={TOAST_LANE_HEIGHT_PX} px="md" pt="xs" data-toast-lane="" data-testid="toast-lane" aria-label={t('toastLane.label')} component="section" style={{ flex: 'none', borderTop: '1px solid var(--app-shell-border-color)' }}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.03em' }}>
              {t('toastLane.title')}
            </Text>
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
          <ReplayBanner />
          <NotificationBanner />
          <FreshnessBanner />
          <StaleContent>
            <Outlet />
          </StaleContent>
        </AppShell.Main>
        <applicationsDrawer.Overlay opened={appsOpen} onClose={apps.close} />
        <WhatsNewDialog />
      </AppShell>
    </FleetConnection>
  );
}
