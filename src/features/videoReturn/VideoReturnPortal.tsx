/**
 * The video return portal (/vr_portal; spec 000 §1 "a video return portal", the drawer's second
 * application; spec 000 §6: where video-return viewers work, the limited-access page points here).
 * For each video return channel of the chosen group: its input and state, the units receiving it,
 * and start / stop of video return to a unit of the group (the unit's own calls, spec 000 §7,
 * refused with spec 000 §8's words). Outside the shell: viewers have no console role.
 */
import { useState } from 'react';
import { Alert, Anchor, Box, Button, Container, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/call.ts';
import { useClientConfiguration, useGroups } from '../../api/queries.ts';
import { BrandMark } from '../../components/BrandMark.tsx';
import { errorMessageOf, showSuccess } from '../../components/toasts.ts';
import { hasConsoleAccess } from '../../domain/roles/roleSets.ts';
import { vrMatchesFilter } from '../../domain/videoReturn.ts';
import { vrReceiverUnits, type VrChannelView, type VrReceiverUnit } from '../../protocol/rest/videoReturn.ts';
import { SignOutButton } from '../../app/pages/SignOutButton.tsx';
import { selectVideoReturnChannel, startVideoReturn, stopVideoReturn } from '../unit/api/unitCalls.ts';
import { useGroupVrChannels, VR_POLL_MS, vrKeys } from './queries.ts';
import { VrChannelCard } from './VrChannelCard.tsx';
import { useVrFilters, VrFilterChips } from './VrFilterChips.tsx';

const receiverKey = (groupId: string) => ['videoReturn', 'receivers', groupId] as const;

function useReceiverUnits(groupId: string | null) {
  return useQuery({
    queryKey: receiverKey(groupId ?? ''),
    queryFn: ({ signal }) => call(vrReceiverUnits, { query: { crnt_vcg_uid: groupId ?? '' } }, { signal }),
    enabled: groupId !== null,
    refetchInterval: VR_POLL_MS,
  });
}

/** Start video return of a channel to a unit: select the channel on the unit, then start (spec 000 §7). */
async function sendTo(unitId: string, channelId: string): Promise<void> {
  await selectVideoReturnChannel(unitId, channelId);
  await startVideoReturn(unitId);
}

function ChannelControls({ channel, units, groupId }: { channel: VrChannelView; units: readonly VrReceiverUnit[]; groupId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [unitId, setUnitId] = useState<string | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: vrKeys.group(groupId) });
    void queryClient.invalidateQueries({ queryKey: receiverKey(groupId) });
  };
  const start = useMutation({
    mutationFn: (uid: string) => sendTo(uid, channel.uniqueId),
    onSuccess: () => {
      showSuccess(t('videoReturn.portal.started'));
      setUnitId(null);
      refresh();
    },
  });
  const stop = useMutation({ mutationFn: (uid: string) => stopVideoReturn(uid), onSuccess: refresh });
  const receiving = units.filter((u) => u.receiving?.channelId === channel.uniqueId);
  const candidates = units.filter((u) => u.receiving === null && u.licensed).map((u) => ({ value: u.uid, label: u.name, disabled: !u.online }));
  return (
    <Stack gap="xs">
      {receiving.map((u) => (
        <Group key={u.uid} justify="space-between" data-testid="vr-portal-receiver">
          <Text fz="sm">
            {u.name} · {u.receiving?.state}
          </Text>
          <Button size="xs" color="red" variant="light" loading={stop.isPending && stop.variables === u.uid} onClick={() => stop.mutate(u.uid)}>
            {t('videoReturn.portal.stop')}
          </Button>
        </Group>
      ))}
      <Group align="flex-end" gap="xs">
        <Select
          size="xs"
          w={260}
          label={t('videoReturn.portal.unit')}
          placeholder={t('videoReturn.portal.pickUnit')}
          data={candidates}
          value={unitId}
          onChange={setUnitId}
          searchable
          aria-label={t('videoReturn.portal.unitOf', { name: channel.name })}
        />
        <Button size="xs" disabled={unitId === null} loading={start.isPending} onClick={() => unitId !== null && start.mutate(unitId)}>
          {t('videoReturn.portal.start')}
        </Button>
      </Group>
    </Stack>
  );
}

export function VideoReturnPortal() {
  const { t } = useTranslation();
  const groups = useGroups();
  const roles = useClientConfiguration().data?.loggedUserRoles ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const groupId = picked ?? groups.data?.[0]?.uid ?? null;
  const channels = useGroupVrChannels(groupId);
  const units = useReceiverUnits(groupId);
  const filters = useVrFilters();
  const shown = (channels.data ?? []).filter((c) => vrMatchesFilter(c.status, filters.selected));
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Group justify="space-between" px="lg" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group gap="sm">
          <BrandMark />
          <Title order={1} fz="h3">
            {t('videoReturn.portal.title')}
          </Title>
        </Group>
        <Group gap="sm">
          {hasConsoleAccess(roles) && (
            <Anchor component={Link} to="/">
              {t('videoReturn.portal.toConsole')}
            </Anchor>
          )}
          <SignOutButton />
        </Group>
      </Group>
      <Container size="xl" py="md">
        <Stack gap="md">
          <Group justify="space-between">
            <Select
              w={260}
              label={t('videoReturn.portal.group')}
              data={(groups.data ?? []).map((g) => ({ value: g.uid, label: g.name }))}
              value={groupId}
              onChange={(value) => value !== null && setPicked(value)}
            />
            <VrFilterChips selected={filters.selected} onChange={filters.set} />
          </Group>
          {(channels.isPending || groups.isPending) && <Loader size="sm" />}
          {channels.isError && <Alert color="red">{errorMessageOf(channels.error)}</Alert>}
          {channels.isSuccess && shown.length === 0 && <Text c="dimmed">{t('videoReturn.noneMatch')}</Text>}
          {groupId !== null &&
            shown.map((channel) => (
              <VrChannelCard key={channel.uniqueId} channel={channel}>
                <ChannelControls channel={channel} units={units.data ?? []} groupId={groupId} />
              </VrChannelCard>
            ))}
        </Stack>
      </Container>
    </Box>
  );
}
