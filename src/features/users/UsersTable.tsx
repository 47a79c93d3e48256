/**
 * The users listing, reusable by any screen that lists users (the Users screen, the System
 * Entities "Users" tab): `useUsersList` keeps the page, search and sort of one listing (optionally
 * one inventory's users), `UsersSearch` is its search box and `UsersTable` its server-paged table.
 */
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { ServerTable } from '../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../components/admin/TableSearch.tsx';
import { usePagedList, type PagedList } from '../../components/admin/usePagedList.ts';
import { USER_SEARCH_KEYS, USER_SORT_KEYS, type UserRow, type UserSearchKey, type UserSortKey } from '../../protocol/rest/users.ts';
import { fetchUserPage, userKeys } from './queries.ts';

export type UsersList = PagedList<UserSearchKey, UserSortKey, UserRow>;

/** One listing of users: every user the caller administers, or those of one inventory. */
export function useUsersList(inventoryId: string | null = null): UsersList {
  return usePagedList<UserSearchKey, UserSortKey, UserRow>({
    queryKey: userKeys.list(inventoryId),
    defaultKey: 'username',
    defaultSort: 'username',
    fetchPage: (request, signal) => fetchUserPage(request, signal, inventoryId),
  });
}

export function UsersSearch({ list }: { readonly list: UsersList }) {
  const { t } = useTranslation();
  return <TableSearch search={list.search} keys={USER_SEARCH_KEYS.map((key) => ({ value: key, label: t(`users.search.${key}`) }))} onChange={list.setSearch} />;
}

/** The label of a user type ("Media group admin"); an unknown stored type shows as stored. */
export function useUserTypeLabel(): (type: string) => string {
  const { t } = useTranslation();
  return (type) => t(`users.types.${type}`, { defaultValue: type });
}

export interface UsersTableProps {
  readonly list: UsersList;
  readonly onRowClick?: (user: UserRow) => void;
  /** The table's accessible name (its screen's title). */
  readonly label: string;
}

export function UsersTable({ list, onRowClick, label }: UsersTableProps) {
  const { t, i18n } = useTranslation();
  const typeLabel = useUserTypeLabel();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const columns: DataTableColumn<UserRow>[] = [
    {
      accessor: 'username',
      title: t('users.columns.username'),
      sortable: true,
      render: (u) => (
        <Group gap={6} wrap="nowrap">
          <Text fw={600} fz="sm">
            {u.username}
          </Text>
          {u.sso && (
            <Badge size="xs" variant="outline" color="gray">
              {t('users.status.sso')}
            </Badge>
          )}
        </Group>
      ),
    },
    { accessor: 'name', title: t('users.columns.name'), sortable: true, render: (u) => `${u.firstName} ${u.lastName}`.trim() },
    { accessor: 'email', title: t('users.columns.email'), sortable: true, render: (u) => u.email ?? '' },
    { accessor: 'userType', title: t('users.columns.userType'), sortable: true, render: (u) => typeLabel(u.userType) },
    {
      accessor: 'inventories',
      title: t('users.columns.inventories'),
      render: (u) => {
        const names = u.inventories.map((inv) => inv.name).join(', ');
        return (
          <Tooltip label={names} disabled={u.inventories.length < 3} withinPortal>
            <Text fz="sm" maw={220} truncate>
              {names}
            </Text>
          </Tooltip>
        );
      },
    },
    {
      accessor: 'active',
      title: t('users.columns.status'),
      render: (u) => (
        <Badge variant="light" color={u.active ? 'teal' : 'gray'} size="sm">
          {u.active ? t('users.status.active') : t('users.status.inactive')}
        </Badge>
      ),
    },
    { accessor: 'createdAt', title: t('users.columns.createdAt'), sortable: true, render: (u) => date.format(u.createdAt) },
  ];
  return <ServerTable label={label} list={list} columns={columns} sortKeys={USER_SORT_KEYS} idAccessor="id" {...(onRowClick !== undefined ? { onRowClick } : {})} />;
}
