/**
 * Manage Channels (spec 001 §2 /channels, management set): every channel the user operates with
 * its live status (channel.status through the worker: a unit streaming to it turns it collecting
 * here without a reload), the channel counters (busy, idle, offline, SDI, SMPTE, CDN, preview,
 * share, distributor, output, input: src/domain/channels.ts channelCounters), filters by type,
 * mode and playing state saved in the preference manageChannelsFilters, a name search, and the
 * channel editor (ChannelEditor: six tabs and the tally / IFB / audio dialogs) on a row click.
 */
import { useMemo, useState } from 'react';
import { Badge, Chip, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { showError } from '../../components/toasts.ts';
import { usePreferences, useSavePreferences } from '../../api/queries.ts';
import { channelEntity } from '../../domain/channelConfig.ts';
import {
  CHANNEL_COUNTER_KEYS,
  CHANNEL_MODE_FILTERS,
  CHANNEL_PLAYING_FILTERS,
  CHANNEL_TYPE_FILTERS,
  channelCounters,
  channelFlags,
  channelMatchesFilters,
  channelStatusClass,
  deriveChannelType,
  groupChannelStatus,
  type Channel,
  type ChannelFilters,
  type ChannelStatus,
} from '../../domain/channels.ts';
import { channelKeys, fetchChannels } from './queries.ts';
import { useLiveChannels, type LiveChannel } from './useLiveChannels.ts';
import { ChannelEditor } from './ChannelEditor.tsx';

const STATUS_COLOR: Record<ChannelStatus, string> = { collecting: 'green', connecting: 'yellow', playStoredFile: 'teal', idle: 'blue', offline: 'gray', unavailable: 'gray' };

interface Row {
  readonly channel: LiveChannel;
  readonly entity: Channel;
}

export function ChannelsScreen() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: channelKeys.list, queryFn: ({ signal }) => fetchChannels(signal) });
  const live = useLiveChannels(query.data ?? EMPTY);
  const rows: Row[] = useMemo(
    () => live.map((channel) => ({ channel, entity: channelEntity({ id: channel.id, name: channel.name, status: channel.status, config: channel.config, liveuVersion: channel.liveuVersion }) })),
    [live],
  );
  const preferences = usePreferences();
  const save = useSavePreferences();
  const [changed, setChanged] = useState<ChannelFilters | null>(null);
  const filters: ChannelFilters = changed ?? preferences.data?.manageChannelsFilters ?? {};
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);

  const setFilters = (next: ChannelFilters) => {
    setChanged(next);
    save.mutate({ manageChannelsFilters: { types: [...(next.types ?? [])], modes: [...(next.modes ?? [])], playing: [...(next.playing ?? [])] } }, { onError: (error) => showError(error) });
  };

  const counters = useMemo(() => channelCounters(rows.map((r) => r.entity)), [rows]);
  // spec 001 §4 group pseudo-channel: idle if any of its channels is idle, else collecting if any collects, else offline.
  const groupStatuses = useMemo(() => {
    const byGroup = new Map<string, { name: string; statuses: ChannelStatus[] }>();
    for (const { channel } of rows) {
      if (channel.groupId === null) continue;
      const entry = byGroup.get(channel.groupId) ?? { name: channel.groupName ?? channel.groupId, statuses: [] };
      entry.statuses.push(channel.status);
      byGroup.set(channel.groupId, entry);
    }
    return [...byGroup.entries()].map(([id, g]) => ({ id, name: g.name, status: groupChannelStatus(g.statuses) })).sort((a, b) => a.name.localeCompare(b.name));
  }, [rows]);
  const needle = search.trim().toLowerCase();
  const shown = rows.filter((r) => channelMatchesFilters(r.entity, filters) && (needle === '' || r.channel.name.toLowerCase().includes(needle)));
  const open = live.find((c) => c.id === openId) ?? null;

  const columns: DataTableColumn<Row>[] = [
    { accessor: 'name', title: t('channels.columns.name'), render: ({ channel }) => <Text fw={600} fz="sm">{channel.name}</Text> },
    {
      accessor: 'status',
      title: t('channels.columns.status'),
      render: ({ channel }) => (
        <Badge color={STATUS_COLOR[channel.status]} variant="light" data-testid={`status-${channel.id}`}>
          {t(`channels.status.${channel.status}`)}
        </Badge>
      ),
    },
    { accessor: 'type', title: t('channels.columns.type'), render: ({ entity }) => t(`channels.types.${entity.distributor === true ? 'distributor' : deriveChannelType(entity)}`) },
    {
      accessor: 'modes',
      title: t('channels.columns.modes'),
      render: ({ entity }) => {
        const flags = channelFlags(entity);
        const modes = [flags.hasCdn && 'cdn', flags.hasSdi && 'sdi', flags.hasSmpte && 'smpte', entity.ndi === true && 'ndi', flags.isSharing && 'multipointShare'].filter((m): m is string => typeof m === 'string');
        return modes.length === 0 ? (
          <Text c="dimmed" fz="sm">
            —
          </Text>
        ) : (
          <Group gap={4}>
            {modes.map((m) => (
              <Badge key={m} size="sm" variant="outline">
                {t(`channels.modes.${m}`)}
              </Badge>
            ))}
          </Group>
        );
      },
    },
    { accessor: 'units', title: t('channels.columns.units'), textAlign: 'right', render: ({ channel }) => channel.unitIds.length },
    { accessor: 'serverName', title: t('channels.columns.server'), render: ({ channel }) => channel.serverName ?? '—' },
    { accessor: 'groupName', title: t('channels.columns.group'), render: ({ channel }) => channel.groupName ?? '—' },
  ];

  const chips = <K extends 'types' | 'modes' | 'playing'>(key: K, values: readonly string[]) => (
    <Stack gap={4} role="group" aria-label={t(`channels.filters.${key}`)}>
      <Text fz="xs" fw={600} c="dimmed" tt="uppercase">
        {t(`channels.filters.${key}`)}
      </Text>
      <Chip.Group multiple value={[...((filters[key] as readonly string[] | undefined) ?? [])]} onChange={(next) => setFilters({ ...filters, [key]: next })}>
        <Group gap={6}>
          {values.map((value) => (
            <Chip key={value} value={value} size="xs">
              {t(`channels.filterValues.${key}.${value}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );

  return (
    <AdminPage
      title={t('channels.title')}
      description={t('channels.description')}
      toolbar={
        <Stack gap="sm" w="100%">
          <SimpleGrid cols={{ base: 4, lg: 11 }} spacing="xs" aria-label={t('channels.counters.label')}>
            {CHANNEL_COUNTER_KEYS.map((key) => (
              <Paper key={key} withBorder p={6} radius="sm" data-testid={`counter-${key}`}>
                <Text fz="xs" c="dimmed">
                  {t(`channels.counters.${key}`)}
                </Text>
                <Text fw={700} fz="lg">
                  {counters[key]}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          {groupStatuses.length > 0 && (
            <Group gap="xs" aria-label={t('channels.groupChannels')}>
              <Text fz="xs" fw={600} c="dimmed" tt="uppercase">
                {t('channels.groupChannels')}
              </Text>
              {groupStatuses.map((g) => (
                <Badge key={g.id} variant="dot" color={STATUS_COLOR[g.status]} data-testid={`group-status-${g.id}`}>
                  {g.name}: {t(`channels.status.${g.status}`)}
                </Badge>
              ))}
            </Group>
          )}
          <Group gap="xl" align="flex-end" wrap="wrap">
            <TextInput label={t('channels.search')} placeholder={t('channels.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={220} />
            {chips('types', CHANNEL_TYPE_FILTERS)}
            {chips('modes', CHANNEL_MODE_FILTERS)}
            {chips('playing', CHANNEL_PLAYING_FILTERS)}
          </Group>
        </Stack>
      }
    >
      <DataTable<Row>
        aria-label={t('channels.title')}
        withTableBorder
        striped
        highlightOnHover
        minHeight={shown.length === 0 ? 160 : undefined}
        records={shown}
        idAccessor={(r) => r.channel.id}
        columns={columns}
        fetching={query.isPending}
        noRecordsText={query.isError ? t('channels.loadFailed') : t('channels.empty')}
        onRowClick={({ record }) => setOpenId(record.channel.id)}
        rowStyle={() => ({ cursor: 'pointer' })}
      />
      <Text fz="xs" c="dimmed">
        {t('channels.shown', { shown: shown.length, total: rows.length, busy: rows.filter((r) => channelStatusClass(r.channel.status) === 'busy').length })}
      </Text>
      {open !== null && <ChannelEditor key={open.id} channel={open} onClose={() => setOpenId(null)} />}
    </AdminPage>
  );
}

const EMPTY: readonly LiveChannel[] = [];

export default ChannelsScreen;
