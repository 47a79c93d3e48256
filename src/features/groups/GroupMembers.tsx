/**
 * The members of a group: its users and channels (association pickers over the group's
 * inventory; a change is linked or unlinked at once, one call per member, and a refusal is shown
 * and the list reloaded from the server) and its units (paged; units move between groups from the
 * Devices screen or by unit auto association).
 */
import { useState } from 'react';
import { Alert, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AssociationPicker } from '../../components/admin/AssociationPicker.tsx';
import { messageOf } from '../../api/call.ts';
import type { Ref } from '../../protocol/rest/common.ts';
import type { GroupRow } from '../../protocol/rest/groups.ts';
import { groupKeys, groupMembers, groupUnitsPage, invalidateGroups, searchInventoryChannels, searchInventoryUsers, setMember } from './queries.ts';
import { keepWithinListing } from '../../components/admin/keepWithinListing.ts';
import { useListingPage } from '../../components/admin/useListingPage.ts';

/** Units shown per page of the members tab. */
const UNITS_PER_PAGE = 10;

interface MemberPickerProps {
  readonly group: GroupRow;
  readonly kind: 'users' | 'channels';
  readonly editable: boolean;
  readonly onChanged: (group: GroupRow) => void;
}

function MemberPicker({ group, kind, editable, onChanged }: MemberPickerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const members = useQuery({ queryKey: groupKeys.members(group.id, kind), queryFn: ({ signal }) => groupMembers(group.id, kind, signal) });

  const apply = async (next: Ref[]): Promise<void> => {
    const before = new Set((members.data ?? []).map((m) => m.id));
    const after = new Set(next.map((m) => m.id));
    const changes = [...[...after].filter((id) => !before.has(id)).map((id) => [id, true] as const), ...[...before].filter((id) => !after.has(id)).map((id) => [id, false] as const)];
    setError(null);
    queryClient.setQueryData(groupKeys.members(group.id, kind), next);
    try {
      let latest: GroupRow | null = null;
      for (const [id, linked] of changes) latest = (await setMember(group.id, kind, id, linked)).group;
      if (latest !== null) onChanged(latest);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      await invalidateGroups(queryClient);
    }
  };

  return (
    <Stack gap={4}>
      <AssociationPicker
        label={t(`groups.members.${kind}`)}
        value={members.data ?? []}
        onChange={(next) => void apply(next)}
        queryKey={groupKeys.options(kind, group.inventoryId)}
        search={(text, signal) => (kind === 'users' ? searchInventoryUsers(group.inventoryId, text, signal) : searchInventoryChannels(group.inventoryId, text, signal))}
        disabled={!editable || members.isLoading}
        error={error ?? undefined}
      />
    </Stack>
  );
}

function GroupUnits({ group }: { readonly group: GroupRow }) {
  const { t } = useTranslation();
  const [page, setPage] = useListingPage(groupKeys.members(group.id, 'units'));
  const units = useQuery({
    queryKey: [...groupKeys.members(group.id, 'units'), page],
    queryFn: ({ signal }) => groupUnitsPage(group.id, (page - 1) * UNITS_PER_PAGE, UNITS_PER_PAGE, signal),
    placeholderData: keepWithinListing(groupKeys.members(group.id, 'units')),
  });
  if (units.isError) return <Alert color="red">{messageOf(units.error)}</Alert>;
  const data = units.data;
  return (
    <Stack gap="xs">
      <Text fw={500} fz="sm">
        {t('groups.members.units')}
      </Text>
      <Text c="dimmed" fz="xs">
        {t('groups.members.unitsHint')}
      </Text>
      {data !== undefined && data.total === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('groups.members.noUnits')}
        </Text>
      ) : (
        <Table striped withTableBorder fz="sm" aria-label={t('groups.members.units')}>
          <Table.Tbody>
            {(data?.items ?? []).map((unit) => (
              <Table.Tr key={unit.id}>
                <Table.Td fw={500}>{unit.name}</Table.Td>
                <Table.Td>{unit.type}</Table.Td>
                <Table.Td c="dimmed">{unit.serial}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {data !== undefined && data.total > UNITS_PER_PAGE && <Pagination size="sm" total={Math.ceil(data.total / UNITS_PER_PAGE)} value={page} onChange={setPage} />}
    </Stack>
  );
}

export function GroupMembers({ group, editable, onChanged }: { readonly group: GroupRow; readonly editable: boolean; readonly onChanged: (group: GroupRow) => void }) {
  return (
    <Stack gap="lg">
      <MemberPicker group={group} kind="users" editable={editable} onChanged={onChanged} />
      <MemberPicker group={group} kind="channels" editable={editable} onChanged={onChanged} />
      <GroupUnits group={group} />
    </Stack>
  );
}
