/**
 * The unit page (/unit/:id; spec 000 §2 "Unit page and dialogs"): the header with the unit's
 * actions, the link bandwidth chart, battery, location, speed test result, alerts and uploaded
 * files, and the tabs camera control, multi camera, intercom, databridge, video return. The
 * configuration dialog opens from the header.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Grid, Loader, Paper, Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../components/toasts.ts';
import { isOfflineState } from '../../domain/units/status.ts';
import { UnitHeader } from './header/UnitHeader.tsx';
import { BandwidthChart } from './panels/BandwidthChart.tsx';
import { AlertsCard, BatteryCard, LocationCard, SpeedTestCard } from './panels/UnitFacts.tsx';
import { UploadsCard } from './panels/UploadsCard.tsx';
import { CameraControlTab } from './tabs/CameraControlTab.tsx';
import { MultiCameraTab } from './tabs/MultiCameraTab.tsx';
import { IntercomTab } from './tabs/IntercomTab.tsx';
import { DatabridgeTab } from './tabs/DatabridgeTab.tsx';
import { VideoReturnTab } from './tabs/VideoReturnTab.tsx';
import { SocialTab } from './tabs/SocialTab.tsx';
import { UnitConfigDialog } from './config/UnitConfigDialog.tsx';
import { viewFromDetails } from './model/viewFromDetails.ts';
import { useUnitPage, type RichUnitView } from './useUnitPage.ts';
import { useMay } from '../../app/useMay.ts';
import { SupportAccessPanel } from '../supportAccess/SupportAccessPanel.tsx';

/** The page's tabs (spec 000 §2), in the spec's order. */
export const UNIT_TABS = ['cameraControl', 'multiCamera', 'intercom', 'databridge', 'videoReturn', 'social'] as const;
export type UnitTab = (typeof UNIT_TABS)[number];

export default function UnitScreen() {
  const { id = '' } = useParams();
  return <UnitPage key={id} unitId={id} />;
}

function UnitPage({ unitId }: { unitId: string }) {
  const { t } = useTranslation();
  const page = useUnitPage(unitId);
  const [configOpen, setConfigOpen] = useState(false);
  // Device support access (spec 000 §6): the customer's admins and support see it here.
  const seesSupport = useMay('support.read');
  const [tab, setTab] = useState<string | null>('cameraControl');
  const view: RichUnitView | undefined = page.view ?? (page.details ? viewFromDetails(page.details) : undefined);
  if (view === undefined) {
    if (page.detailsError) return <Alert color="red" data-testid="unit-error">{errorMessageOf(page.detailsError)}</Alert>;
    return <Loader aria-label={t('unitPage.loading')} />;
  }
  const offline = isOfflineState(view.status);
  const enabled = page.canOperate && !offline;
  const apps = Object.fromEntries(view.applications.map((name) => [name, {}]));
  const multiRunning = 'multiCamera' in apps || 'switcher' in apps || 'switcherAndProxy' in apps;
  return (
    <Stack gap="md" data-testid="unit-page">
      <UnitHeader unitId={unitId} page={{ ...page, view }} onConfigure={() => setConfigOpen(true)} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <BandwidthChart links={page.links} streaming={view.status === 'streaming'} />
            <Paper withBorder p="md" radius="md">
              <Tabs value={tab} onChange={setTab} keepMounted={false}>
                <Tabs.List mb="md">
                  {UNIT_TABS.map((name) => (
                    <Tabs.Tab key={name} value={name}>
                      {t(`unitPage.tabs.${name}`)}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                <Tabs.Panel value="cameraControl">
                  <CameraControlTab unitId={unitId} details={page.details} enabled={enabled} />
                </Tabs.Panel>
                <Tabs.Panel value="multiCamera">
                  <MultiCameraTab unitId={unitId} details={page.details} enabled={enabled} running={multiRunning} />
                </Tabs.Panel>
                <Tabs.Panel value="intercom">
                  <IntercomTab key={JSON.stringify(page.details?.intercom ?? {})} unitId={unitId} details={page.details} enabled={enabled} />
                </Tabs.Panel>
                <Tabs.Panel value="databridge">
                  <DatabridgeTab unitId={unitId} details={page.details} enabled={enabled} />
                </Tabs.Panel>
                <Tabs.Panel value="videoReturn">
                  <VideoReturnTab unitId={unitId} details={page.details} enabled={enabled} />
                </Tabs.Panel>
                <Tabs.Panel value="social">
                  <SocialTab unitId={unitId} swVersion={page.swVersion} enabled={enabled} />
                </Tabs.Panel>
              </Tabs>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <BatteryCard battery={view.battery} />
            <LocationCard unitId={unitId} lat={view.lat} lng={view.lng} />
            <SpeedTestCard result={view.speedTest} />
            <AlertsCard alerts={page.details?.alerts ?? []} />
            <UploadsCard unitId={unitId} rev={view.rev} />
            {/* Support access acts on the real unit: not shown while a log is replayed (issue 17 item 5). */}
            {seesSupport && page.block.kind !== 'replay' && <SupportAccessPanel kind="unit" id={unitId} />}
          </Stack>
        </Grid.Col>
      </Grid>
      {configOpen && page.details !== undefined && (
        <UnitConfigDialog unitId={unitId} details={page.details} view={view} canOperate={page.canOperate} onClose={() => setConfigOpen(false)} />
      )}
    </Stack>
  );
}
