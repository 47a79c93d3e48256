/**
 * A server-paged table (spec 001 §9, 002 §9: pages of 50, search by key, sort by column), drawn by
 * mantine-datatable: sortable headers, pagination with "from–to of total", a loader over the last
 * page while the next loads, "No items to show" when nothing matches, and the load error with a
 * retry when the server refuses.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/call.ts';
import type { PagedList } from './usePagedList.ts';

export interface ServerTableProps<K extends string, S extends string, T> {
  readonly list: PagedList<K, S, T>;
  /** Columns; a column whose accessor is one of the sort keys may be sortable. */
  readonly columns: DataTableColumn<T>[];
  /** The sort keys the server accepts (a sortable column's accessor must be one). */
  readonly sortKeys: readonly S[];
  readonly idAccessor: keyof T & string;
  readonly onRowClick?: (record: T) => void;
  /** The accessible name of the table (its screen's title). */
  readonly label: string;
}

export function ServerTable<K extends string, S extends string, T>({ list, columns, sortKeys, idAccessor, onRowClick, label }: ServerTableProps<K, S, T>) {
  const { t } = useTranslation();
  const { query } = list;
  const data = query.data;
  const isSortKey = (value: string): value is S => (sortKeys as readonly string[]).includes(value);

  if (query.isError && data === undefined) {
    return (
      <Alert color="red" variant="light" title={t('kit.table.loadFailed', { message: messageOf(query.error) })}>
        <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
          {t('kit.table.retry')}
        </Button>
      </Alert>
    );
  }

  return (
    <Stack gap="xs">
      {query.isError && (
        <Text c="red" fz="sm" role="alert">
          {t('kit.table.loadFailed', { message: messageOf(query.error) })}
        </Text>
      )}
      <DataTable<T>
        aria-label={label}
        withTableBorder
        borderRadius="sm"
        highlightOnHover
        minHeight={data === undefined || data.items.length === 0 ? 180 : undefined}
        idAccessor={idAccessor}
        columns={columns}
        records={data?.items as T[] | undefined}
        fetching={query.isFetching}
        loadingText={t('kit.table.loading')}
        noRecordsText={t('kit.table.noRecords')}
        totalRecords={data?.total ?? 0}
        recordsPerPage={list.pageSize}
        page={list.page}
        onPageChange={list.setPage}
        paginationText={({ from, to, totalRecords }) => t('kit.table.pagination', { from, to, total: totalRecords })}
        sortStatus={{ columnAccessor: list.sort.by, direction: list.sort.dir }}
        onSortStatusChange={(status) => {
          const by = String(status.columnAccessor);
          if (isSortKey(by)) list.setSort({ by, dir: status.direction });
        }}
        {...(onRowClick !== undefined ? { onRowClick: ({ record }: { record: T }) => onRowClick(record) } : {})}
      />
    </Stack>
  );
}
