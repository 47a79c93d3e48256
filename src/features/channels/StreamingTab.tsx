/**
 * The Streaming tab (spec 001 §2, §3 Streaming destination, §5): the channel's destinations, which
 * one it streams to now (its name becomes the channel's CDN name), and the destination editor:
 * provider, primary and secondary link, stream type and ID, credentials (never shown back: the
 * server says only whether one is set; left empty, the stored one stays), video profile, bitrate,
 * resolution, max frame rate 25 or 30, SRT listener/caller with passphrase and latency, source
 * port, pass-through, ffmpeg override and MPEG-TS. Rules: src/domain/validation/destinations.ts.
 */
import { useState } from 'react';
import { Badge, Button, Group, NumberInput, PasswordInput, Radio, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { showError } from '../../components/toasts.ts';
import { destinationErrors, MAX_FRAME_RATES, SRT_MODES, STREAM_TYPES, type StreamType } from '../../domain/validation/destinations.ts';
import { DESTINATION_RESOLUTIONS, STREAMING_PROVIDERS, VIDEO_PROFILES } from '../../domain/streamingProfiles.ts';
import type { Destination, DestinationInput } from '../../protocol/rest/channels.ts';
import { addDestination, channelKeys, fetchDestinations, invalidateChannels, removeDestination, saveConfiguration, updateDestination } from './queries.ts';
import type { LiveChannel } from './useLiveChannels.ts';
import { TabFooter } from './ChannelEditor.tsx';

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; destination: Destination };

export function StreamingTab({ channel, canSave }: { channel: LiveChannel; canSave: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const destinations = useQuery({ queryKey: channelKeys.one(channel.id, 'destinations'), queryFn: ({ signal }) => fetchDestinations(channel.id, signal) });
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const reload = () => void invalidateChannels(queryClient);
  const list = destinations.data ?? [];
  const active = list.find((d) => d.active)?.id ?? 'none';

  const choose = async (id: string) => {
    try {
      await saveConfiguration(channel.id, { streaming: { activeDestinationId: id === 'none' ? null : id } });
      reload();
    } catch (error) {
      showError(error);
    }
  };

  if (editing.kind !== 'none') {
    return (
      <DestinationForm
        channelId={channel.id}
        destination={editing.kind === 'edit' ? editing.destination : null}
        others={list.filter((d) => editing.kind !== 'edit' || d.id !== editing.destination.id)}
        canSave={canSave}
        onDone={() => {
          setEditing({ kind: 'none' });
          reload();
        }}
      />
    );
  }

  return (
    <Stack gap="sm">
      <Radio.Group label={t('channels.streaming.active')} value={active} onChange={(id) => void choose(id)}>
        <Table withTableBorder mt="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{t('channels.streaming.name')}</Table.Th>
              <Table.Th>{t('channels.streaming.provider')}</Table.Th>
              <Table.Th>{t('channels.streaming.streamType')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>
                <Radio value="none" aria-label={t('channels.streaming.noneActive')} disabled={!canSave} />
              </Table.Td>
              <Table.Td colSpan={4}>
                <Text fz="sm" c="dimmed">
                  {t('channels.streaming.noneActive')}
                </Text>
              </Table.Td>
            </Table.Tr>
            {list.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Radio value={d.id} aria-label={t('channels.streaming.makeActive', { name: d.name })} disabled={!canSave} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <Text fz="sm" fw={600}>
                      {d.name}
                    </Text>
                    {d.active && (
                      <Badge size="xs" color="green">
                        {t('channels.streaming.live')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{d.provider}</Table.Td>
                <Table.Td>{t(`channels.streaming.types.${d.streamType}`)}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end">
                    <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ kind: 'edit', destination: d })}>
                      {t('channels.streaming.edit')}
                    </Button>
                    {canSave && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() =>
                          void removeDestination(channel.id, d.id)
                            .then(reload)
                            .catch((error: unknown) => showError(error))
                        }
                      >
                        {t('channels.streaming.remove')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Radio.Group>
      {canSave && (
        <Group justify="flex-end">
          <Button variant="light" onClick={() => setEditing({ kind: 'new' })}>
            {t('channels.streaming.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

interface DestinationValues extends Record<string, unknown> {
  name: string;
  provider: string;
  link: string;
  secondaryLink: string;
  streamType: StreamType;
  streamId: string;
  username: string;
  password: string;
  videoProfile: string | null;
  bitrateKbps: number | string;
  resolution: string | null;
  maxFrameRate: string | null;
  srtMode: string | null;
  passphrase: string;
  latencyMs: number | string;
  sourcePort: number | string;
  transparent: boolean;
  ffmpegOverride: boolean;
  ffmpegCommand: string;
  mpegTsIp: string;
  mpegTsPort: number | string;
  mpegTsVideoBitrate: number | string;
}

const num = (value: number | string): number | null => (value === '' ? null : Number(value));

function valuesOf(d: Destination | null): DestinationValues {
  return {
    name: d?.name ?? '',
    provider: d?.provider ?? 'YouTube',
    link: d?.link ?? '',
    secondaryLink: d?.secondaryLink ?? '',
    streamType: d?.streamType ?? 'rtmp',
    streamId: d?.streamId ?? '',
    username: d?.username ?? '',
    password: '',
    videoProfile: d?.videoProfile ?? null,
    bitrateKbps: d?.bitrateKbps ?? '',
    resolution: d?.resolution ?? null,
    maxFrameRate: d?.maxFrameRate === null || d === null ? null : String(d.maxFrameRate),
    srtMode: d?.srtMode ?? null,
    passphrase: '',
    latencyMs: d?.latencyMs ?? '',
    sourcePort: d?.sourcePort ?? '',
    transparent: d?.transparent ?? false,
    ffmpegOverride: d?.ffmpegOverride ?? false,
    ffmpegCommand: d?.ffmpegCommand ?? '',
    mpegTsIp: d?.mpegTsIp ?? '',
    mpegTsPort: d?.mpegTsPort ?? '',
    mpegTsVideoBitrate: d?.mpegTsVideoBitrate ?? '',
  };
}

/** The body of add/update: credentials only when typed (left empty on an edit, the stored one stays). */
function inputOf(v: DestinationValues, editing: boolean): DestinationInput {
  return {
    name: v.name.trim(),
    provider: v.provider as DestinationInput['provider'],
    link: v.link,
    secondaryLink: v.secondaryLink,
    streamType: v.streamType,
    streamId: v.streamId,
    username: v.username,
    ...(v.password !== '' || !editing ? { password: v.password } : {}),
    videoProfile: v.videoProfile as DestinationInput['videoProfile'],
    bitrateKbps: num(v.bitrateKbps),
    resolution: v.resolution as DestinationInput['resolution'],
    maxFrameRate: v.maxFrameRate === null ? null : Number(v.maxFrameRate),
    srtMode: v.streamType === 'srt' ? v.srtMode : null,
    ...(v.streamType === 'srt' && (v.passphrase !== '' || !editing) ? { passphrase: v.passphrase } : {}),
    latencyMs: v.streamType === 'srt' ? num(v.latencyMs) : null,
    sourcePort: num(v.sourcePort),
    transparent: v.transparent,
    ffmpegOverride: v.ffmpegOverride,
    ffmpegCommand: v.ffmpegOverride ? v.ffmpegCommand : '',
    mpegTsIp: v.streamType === 'mpegts' ? v.mpegTsIp : '',
    mpegTsPort: v.streamType === 'mpegts' ? num(v.mpegTsPort) : null,
    mpegTsVideoBitrate: v.streamType === 'mpegts' ? num(v.mpegTsVideoBitrate) : null,
  };
}

function DestinationForm({ channelId, destination, others, canSave, onDone }: { channelId: string; destination: Destination | null; others: readonly Destination[]; canSave: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const editing = destination !== null;
  const { form, submitting, formError, onSubmit } = useEntityForm<DestinationValues, Destination>({
    initialValues: valuesOf(destination),
    validate: (v) =>
      destinationErrors(
        {
          name: v.name,
          streamType: v.streamType,
          streamId: v.streamId,
          maxFrameRate: v.maxFrameRate,
          srtMode: v.srtMode,
          // An edit that leaves the passphrase empty keeps the stored one.
          passphrase: editing && v.passphrase === '' ? undefined : v.passphrase,
          sourcePort: v.sourcePort,
          mpegTsIp: v.mpegTsIp,
          mpegTsPort: v.mpegTsPort,
          mpegTsVideoBitrate: v.mpegTsVideoBitrate,
        },
        others.map((o) => ({ name: o.name, streamId: o.streamId })),
      ),
    save: (v) => (editing ? updateDestination(channelId, destination.id, inputOf(v, true)) : addDestination(channelId, inputOf(v, false))),
    onSaved: onDone,
  });
  const type = form.values.streamType;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t(editing ? 'channels.destination.editTitle' : 'channels.destination.newTitle')}>
      <Stack gap="sm">
        <Text fw={600}>{t(editing ? 'channels.destination.editTitle' : 'channels.destination.newTitle')}</Text>
        <Group grow>
          <TextInput label={t('channels.destination.name')} withAsterisk {...form.getInputProps('name')} />
          <Select label={t('channels.destination.provider')} data={[...STREAMING_PROVIDERS]} {...form.getInputProps('provider')} />
        </Group>
        <TextInput label={t('channels.destination.link')} {...form.getInputProps('link')} />
        <TextInput label={t('channels.destination.secondaryLink')} {...form.getInputProps('secondaryLink')} />
        <Group grow>
          <Select label={t('channels.destination.streamType')} data={STREAM_TYPES.map((s) => ({ value: s, label: t(`channels.streaming.types.${s}`) }))} {...form.getInputProps('streamType')} />
          <TextInput label={t('channels.destination.streamId')} {...form.getInputProps('streamId')} />
        </Group>
        <Group grow>
          <TextInput label={t('channels.destination.username')} autoComplete="off" {...form.getInputProps('username')} />
          <PasswordInput
            label={t('channels.destination.password')}
            autoComplete="new-password"
            placeholder={destination?.hasPassword === true ? t('channels.destination.keepSecret') : ''}
            {...form.getInputProps('password')}
          />
        </Group>
        <Group grow>
          <Select label={t('channels.destination.videoProfile')} data={VIDEO_PROFILES.map((p) => ({ value: p.id, label: p.label }))} clearable {...form.getInputProps('videoProfile')} />
          <NumberInput label={t('channels.destination.bitrate')} allowDecimal={false} {...form.getInputProps('bitrateKbps')} />
        </Group>
        <Group grow>
          <Select label={t('channels.destination.resolution')} data={[...DESTINATION_RESOLUTIONS]} clearable {...form.getInputProps('resolution')} />
          <Select label={t('channels.destination.maxFrameRate')} data={MAX_FRAME_RATES.map(String)} clearable {...form.getInputProps('maxFrameRate')} />
          <NumberInput label={t('channels.destination.sourcePort')} allowDecimal={false} {...form.getInputProps('sourcePort')} />
        </Group>
        {type === 'srt' && (
          <Group grow>
            <Select label={t('channels.destination.srtMode')} data={SRT_MODES.map((m) => ({ value: m, label: t(`channels.destination.srt.${m}`) }))} {...form.getInputProps('srtMode')} />
            <PasswordInput
              label={t('channels.destination.passphrase')}
              autoComplete="new-password"
              placeholder={destination?.hasPassphrase === true ? t('channels.destination.keepSecret') : ''}
              {...form.getInputProps('passphrase')}
            />
            <NumberInput label={t('channels.destination.latency')} allowDecimal={false} {...form.getInputProps('latencyMs')} />
          </Group>
        )}
        {type === 'mpegts' && (
          <Group grow>
            <TextInput label={t('channels.destination.mpegTsIp')} {...form.getInputProps('mpegTsIp')} />
            <NumberInput label={t('channels.destination.mpegTsPort')} allowDecimal={false} {...form.getInputProps('mpegTsPort')} />
            <NumberInput label={t('channels.destination.mpegTsVideoBitrate')} allowDecimal={false} {...form.getInputProps('mpegTsVideoBitrate')} />
          </Group>
        )}
        <Group grow>
          <Switch label={t('channels.destination.transparent')} {...form.getInputProps('transparent', { type: 'checkbox' })} />
          <Switch label={t('channels.destination.ffmpegOverride')} {...form.getInputProps('ffmpegOverride', { type: 'checkbox' })} />
        </Group>
        {form.values.ffmpegOverride && <TextInput label={t('channels.destination.ffmpegCommand')} {...form.getInputProps('ffmpegCommand')} />}
        <Group justify="space-between">
          <Button variant="default" onClick={onDone}>
            {t('kit.form.cancel')}
          </Button>
        </Group>
        <TabFooter formError={formError} submitting={submitting} canSave={canSave} saved={false} />
      </Stack>
    </form>
  );
}
