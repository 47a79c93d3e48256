/**
 * The groups of an inventory (GET v2/admin/inventories/{id}/groups), read-only in the drawer, a
 * page at a time, with what each holds and its auto associations. Groups are created and edited
 * on the Groups tab.
 */
import { Alert, Badge, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/call.ts';
import type { InventoryDetails } from '../../../protocol/rest/inventories.ts';
import { inventoryGroupsPage, inventoryKeys } from './queries.ts';
import { keepWithinListing } from '../../../components/admin/keepWithinListing.ts';
import { useListingPage } from '../../../components/admin/useListingPage.ts';

/** Groups shown per page of the tab. */
const GROUPS_PER_PAGE = 10;

export function InventoryGroups({ inventory }: { readonly inventory: InventoryDetails }) {
  const { t } = useTranslation();
  const [page, setPage] = useListingPage(inventoryKeys.groups(inventory.id));
  const groups = useQuery({
    queryKey: [...inventoryKeys.groups(inventory.id), page],
    queryFn: ({ signal }) => inventoryGroupsPage(inventory.id, (page - 1) * GROUPS_PER_PAGE, GROUPS_PER_PAGE, signal),
    placeholderData: keepWithinListing(inventoryKeys.groups(inventory.id)),
  });
  if (groups.isError) return <Alert color="red">{messageOf(groups.error)}</Alert>;
  const data = groups.data;
  const label = t('inventories.groups.label', { name: inventory.name });
  return (
    <Stack gap="xs">
      <Text c="dimmed" fz="xs">
        {t('inventories.groups.hint')}
      </Text>
      {data !== undefined && data.total === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('inventories.groups.none')}
        </Text>
      ) : (
        <Table striped withTableBorder fz="sm" aria-label={label}>
          <Table.Tbody>
            {(data?.items ?? []).map((group) => (
              <Table.Tr key={group.id}>
                <Table.Td fw={500}>{group.name}</Table.Td>
                <Table.Td c="dimmed">{t('inventories.groups.units', { count: group.unitCount })}</Table.Td>
                <Table.Td c="dimmed">{t('inventories.groups.users', { count: group.userCount })}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {group.autoAssociation && <Badge variant="light" size="sm">{t('inventories.groups.autoUsers')}</Badge>}
                    {group.unitAutoAssociation && <Badge variant="light" color="grape" size="sm">{t('inventories.groups.autoUnits')}</Badge>}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {data !== undefined && data.total > GROUPS_PER_PAGE && <Pagination size="sm" total={Math.ceil(data.total / GROUPS_PER_PAGE)} value={page} onChange={setPage} />}
    </Stack>
  );
}
