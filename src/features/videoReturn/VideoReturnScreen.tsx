/**
 * Video Return (/video_return, spec 002 §6 management set): the current group's video return
 * channels (spec 001 §3) with their live state (§4), filtered by offline / input connected /
 * online (saved in vrFilters), each configurable in a drawer (spec 001 §5 rules).
 */
import { useState } from 'react';
import { Alert, Button, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { errorMessageOf } from '../../components/toasts.ts';
import { useMay } from '../../app/useMay.ts';
import { vrMatchesFilter } from '../../domain/videoReturn.ts';
import { useCurrentGroup } from '../fleet/currentGroup.ts';
import { useGroupVrChannels } from './queries.ts';
import { VrChannelCard } from './VrChannelCard.tsx';
import { VrChannelDrawer } from './VrChannelDrawer.tsx';
import { useVrFilters, VrFilterChips } from './VrFilterChips.tsx';

export default function VideoReturnScreen() {
  const { t } = useTranslation();
  const { groupId } = useCurrentGroup();
  const channels = useGroupVrChannels(groupId);
  const filters = useVrFilters();
  const mayConfigure = useMay('videoReturn.configure');
  const [editing, setEditing] = useState<string | null>(null);
  const list = channels.data ?? [];
  const shown = list.filter((c) => vrMatchesFilter(c.status, filters.selected));
  return (
    <AdminPage title={t('routes.video_return')} description={t('videoReturn.description')} toolbar={<VrFilterChips selected={filters.selected} onChange={filters.set} />}>
      {groupId === null && <Alert color="gray">{t('videoReturn.noGroup')}</Alert>}
      {channels.isPending && groupId !== null && <Loader size="sm" />}
      {channels.isError && <Alert color="red">{errorMessageOf(channels.error)}</Alert>}
      {channels.isSuccess && (
        <Stack gap="sm">
          <Text fz="sm" c="dimmed" data-testid="vr-count">
            {t('videoReturn.count', { shown: shown.length, total: list.length })}
          </Text>
          {shown.length === 0 && <Text c="dimmed">{t('videoReturn.noneMatch')}</Text>}
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
            {shown.map((channel) => (
              <VrChannelCard
                key={channel.uniqueId}
                channel={channel}
                actions={
                  mayConfigure ? (
                    <Button size="xs" variant="light" onClick={() => setEditing(channel.uniqueId)} aria-label={t('videoReturn.configure', { name: channel.name })}>
                      {t('videoReturn.configureShort')}
                    </Button>
                  ) : undefined
                }
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {groupId !== null && <VrChannelDrawer groupId={groupId} channel={list.find((c) => c.uniqueId === editing) ?? null} onClose={() => setEditing(null)} />}
    </AdminPage>
  );
}
