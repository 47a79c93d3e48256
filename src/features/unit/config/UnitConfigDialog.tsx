import { useState } from 'react';
import { Modal, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitView } from '../../../../workers/pipeline/diff.ts';
import { isBusy, isOfflineState } from '../../../domain/units/status.ts';
import { applicationsOf } from '../../fleet/index.ts';
import type { UnitDetails } from '../model/unitDetails.ts';
import { ConnectionsTab } from './ConnectionsTab.tsx';
import { VideoAudioTab } from './VideoAudioTab.tsx';
import { NetworkTab } from './NetworkTab.tsx';
import { AdvancedTab } from './AdvancedTab.tsx';
import { IpPipeTab } from './IpPipeTab.tsx';
import { AlertsSettingsTab } from './AlertsSettingsTab.tsx';
import { MetadataTab } from './MetadataTab.tsx';

/** The dialog's tabs (spec 000 §2), in the spec's order. */
export const CONFIG_TABS = ['connections', 'videoAudio', 'network', 'advanced', 'ipPipe', 'alerts', 'metadata'] as const;

/**
 * The unit configuration dialog. Each tab is its own form, validated with the spec's messages
 * before sending and saved through the server's calls; tabs stay mounted while the dialog is open,
 * so switching tabs keeps what was typed.
 */
export function UnitConfigDialog({ unitId, details, view, canOperate, onClose }: { unitId: string; details: UnitDetails; view: UnitView; canOperate: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('connections');
  const offline = isOfflineState(view.status);
  const enabled = canOperate && !offline;
  const busy = isBusy(applicationsOf(view.applications, view.videoState));
  return (
    <Modal opened onClose={onClose} title={t('unitConfig.title', { name: details.name })} size="xl" centered data-testid="unit-config">
      <Tabs value={tab} onChange={setTab} keepMounted mih={460}>
        <Tabs.List mb="md">
          {CONFIG_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`unitConfig.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="connections">
          <ConnectionsTab unitId={unitId} details={details} enabled={enabled} />
        </Tabs.Panel>
        <Tabs.Panel value="videoAudio">
          <VideoAudioTab unitId={unitId} details={details} enabled={enabled} />
        </Tabs.Panel>
        <Tabs.Panel value="network">
          <NetworkTab unitId={unitId} details={details} enabled={enabled} busy={busy} />
        </Tabs.Panel>
        <Tabs.Panel value="advanced">
          <AdvancedTab unitId={unitId} details={details} enabled={enabled} />
        </Tabs.Panel>
        <Tabs.Panel value="ipPipe">
          <IpPipeTab unitId={unitId} details={details} view={view} enabled={enabled} />
        </Tabs.Panel>
        <Tabs.Panel value="alerts">
          <AlertsSettingsTab unitId={unitId} enabled={canOperate} />
        </Tabs.Panel>
        <Tabs.Panel value="metadata">
          <MetadataTab unitId={unitId} details={details} enabled={canOperate} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
