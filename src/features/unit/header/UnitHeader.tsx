import { Alert, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { blockReason } from '../../fleet/useActionBlock.ts';
import { useTranslation } from 'react-i18next';
import { isBusy } from '../../../domain/units/status.ts';
import { STATUS_COLOURS, applicationsOf, iconStatusOf } from '../../fleet/index.ts';
import type { UnitPageData } from '../useUnitPage.ts';
import type { RichUnitView } from '../useUnitPage.ts';
import { StreamButton } from './StreamButton.tsx';
import { ChannelSelect } from './ChannelSelect.tsx';
import { DelaySelect } from './DelaySelect.tsx';
import { RebootButton } from './RebootButton.tsx';
import { UpgradeButton } from './UpgradeButton.tsx';
import { SpeedTestButton } from './SpeedTestButton.tsx';
import { SendLogsButton } from './SendLogsModal.tsx';
import { useChannel } from '../../../fleet/hooks.ts';
import { SelectedStoryBadge, StoryButton } from '../../stories/StoryButton.tsx';
import { SharingButton } from '../../sharing/SharingOptionsModal.tsx';

/** The channel's version: the channel server's (REST snapshot), else its config's swVersion / version. */
function useChannelVersion(channelId: string | null): string | undefined {
  const channel = useChannel(channelId);
  if (channel === undefined) return undefined;
  const version = channel.version ?? channel.config?.['swVersion'] ?? channel.config?.['version'];
  return typeof version === 'string' ? version : undefined;
}

/** Name, status, type, version, and the unit's actions (spec 000 §2 unit page; §7 calls). */
export function UnitHeader({ unitId, page, onConfigure }: { unitId: string; page: UnitPageData & { view: RichUnitView }; onConfigure: () => void }) {
  const { t } = useTranslation();
  const { view, details, canOperate, channelId, delayMs, swVersion, block } = page;
  const reason = blockReason(block);
  const reasonText = reason === null ? null : t(reason.key, reason.values);
  const apps = applicationsOf(view.applications, view.videoState);
  const facing = iconStatusOf(view);
  const offline = facing === 'offline';
  const busy = isBusy(apps);
  const channelVersion = useChannelVersion(channelId);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="sm">
              <Title order={1} fz="h2" data-testid="unit-name">
                {view.name}
              </Title>
              <Badge color={STATUS_COLOURS[facing]} variant="filled" data-testid="unit-status">
                {t(`unitPage.status.${facing}`)}
              </Badge>
              <SelectedStoryBadge unitId={unitId} />
              {!canOperate && reason === null && (
                <Badge color="gray" variant="outline">
                  {t('unitPage.readOnly')}
                </Badge>
              )}
            </Group>
            <Text c="dimmed" fz="sm">
              {t('unitPage.identity', { type: view.type, version: swVersion ?? '—', serial: details?.serial || '—' })}
            </Text>
          </Stack>
          {/* Configure reaches the real unit: disabled (with the reason) during a replay or an outage. */}
          <Tooltip label={reasonText ?? ''} disabled={reasonText === null} withinPortal>
            <Button variant="light" onClick={onConfigure} data-testid="open-configuration" disabled={reasonText !== null}>
              {t('unitPage.configure')}
            </Button>
          </Tooltip>
        </Group>
        {reasonText !== null && (
          <Alert color={block.kind === 'replay' ? 'orange' : 'yellow'} variant="light" py={6} data-testid="actions-blocked">
            {reasonText}
          </Alert>
        )}
        <Group gap="sm" wrap="wrap">
          <StreamButton unitId={unitId} view={view} channelId={channelId} canOperate={canOperate} />
          <ChannelSelect unitId={unitId} channelId={channelId} canOperate={canOperate} busy={busy || offline} />
          <DelaySelect key={`${delayMs ?? ''}`} unitId={unitId} delayMs={delayMs} typeGroup={details?.typeGroup} version={swVersion} canOperate={canOperate && !offline} />
          <SpeedTestButton unitId={unitId} offline={offline} busy={busy} channelId={channelId} channelVersion={channelVersion} canOperate={canOperate} running={view.status === 'speedtest'} />
          <SendLogsButton unitId={unitId} disabled={!canOperate} />
          <RebootButton unitId={unitId} unitName={view.name} disabled={!canOperate || offline} />
          <UpgradeButton unitId={unitId} disabled={reasonText !== null} />
          <StoryButton unitId={unitId} canOperate={canOperate} />
          <SharingButton unitId={unitId} canOperate={canOperate} />
        </Group>
      </Stack>
    </Paper>
  );
}
