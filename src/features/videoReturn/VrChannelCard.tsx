/**
 * One video return channel as the Video Return screen and the portal show it (spec 001 §3): its
 * name and description, live state (§4), input, streaming addresses, uptime, input standard and
 * parameters, and the units receiving it. What a page adds (configure, send to a unit) comes as
 * children.
 */
import type { ReactNode } from 'react';
import { Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VrChannelView } from '../../protocol/rest/videoReturn.ts';
import { VrStateBadge } from './VrStateBadge.tsx';

/** Seconds → "2 h 05 min" (or "45 s" under a minute). */
export function formatUptime(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours === 0 ? `${minutes} min` : `${hours} h ${String(minutes).padStart(2, '0')} min`;
}

export function VrChannelCard({ channel, actions, children }: { channel: VrChannelView; actions?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  const input = channel.inputType === 'srt' && channel.srtMode !== null ? t(`videoReturn.srtModes.${channel.srtMode}`) : t(`videoReturn.inputTypes.${channel.inputType}`);
  return (
    <Paper withBorder p="md" radius="md" data-testid="vr-channel" aria-label={channel.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{channel.name}</Text>
              <VrStateBadge state={channel.status} />
            </Group>
            {channel.description !== '' && (
              <Text fz="sm" c="dimmed">
                {channel.description}
              </Text>
            )}
          </Stack>
          {actions}
        </Group>
        <Group gap="lg" fz="sm">
          <Text fz="sm">
            <Text span c="dimmed" fz="sm">
              {t('videoReturn.fields.input')}:{' '}
            </Text>
            {input}
          </Text>
          <Text fz="sm">
            <Text span c="dimmed" fz="sm">
              {t('videoReturn.fields.server')}:{' '}
            </Text>
            {channel.serverName ?? t('videoReturn.noServer')}
          </Text>
          {channel.uptime !== null && (
            <Text fz="sm">
              <Text span c="dimmed" fz="sm">
                {t('videoReturn.fields.uptime')}:{' '}
              </Text>
              {formatUptime(channel.uptime)}
            </Text>
          )}
          {channel.inputStandard !== null && (
            <Text fz="sm">
              <Text span c="dimmed" fz="sm">
                {t('videoReturn.fields.inputStandard')}:{' '}
              </Text>
              {channel.inputStandard}
            </Text>
          )}
          {channel.inputParameters !== null && (
            <Text fz="sm" c="dimmed">
              {channel.inputParameters.codec} · {Math.round(channel.inputParameters.bitrateKbps / 1000)} Mbps
              {channel.inputParameters.latencyMs !== null ? ` · ${channel.inputParameters.latencyMs} ms` : ''}
            </Text>
          )}
        </Group>
        {channel.urlData.length > 0 && (
          <Group gap="xs">
            {channel.urlData.map((address) => (
              <Group key={address.kind} gap={4}>
                <Text fz="xs" c="dimmed">
                  {t(`videoReturn.addresses.${address.kind}`)}
                </Text>
                <Code>{address.url}</Code>
              </Group>
            ))}
          </Group>
        )}
        <Group gap="xs" data-testid="vr-receivers">
          <Text fz="sm" c="dimmed">
            {t('videoReturn.fields.receivers')}:
          </Text>
          {channel.p2MPStreamingStatuses.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('videoReturn.noReceivers')}
            </Text>
          ) : (
            channel.p2MPStreamingStatuses.map((unit) => (
              <Badge key={unit.uid} variant="outline" color={unit.state === 'connected' ? 'teal' : 'yellow'}>
                {unit.name} · {t(`videoReturn.receiverStates.${unit.state}`)}
              </Badge>
            ))
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
