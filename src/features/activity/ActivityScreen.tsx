/**
 * The activity feed (issue 17 item 3): every write through the API the user may see (their own; an
 * admin's inventories'; all for a super user), as the server recorded it: who, what, which entity,
 * the outcome, when and from which application. Filtered by a time span from today to 60 days, by
 * type (the area), user and outcome, searched and sorted by column. A click on a row opens what
 * changed: each changed field before and after, and the server's message of a refusal.
 */
import { useMemo, useState } from 'react';
import { Badge, Drawer, Group, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { ServerTable } from '../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../components/admin/TableSearch.tsx';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { ACTIVITY_OUTCOMES, ACTIVITY_SPANS, activitySpanStart, type ActivityOutcome, type ActivitySpan } from '../../domain/activity.ts';
import { ACTIVITY_SEARCH_KEYS, ACTIVITY_SORT_KEYS, type ActivityEntry, type ActivityPage, type ActivitySearchKey, type ActivitySortKey } from '../../protocol/rest/activity.ts';
import { startOfToday } from '../incidents/IncidentsScreen.tsx';
import { activityKeys, fetchActivityPage, fetchFacets } from './queries.ts';
import { changeRows } from './changes.ts';

const OUTCOME_COLORS: Record<ActivityOutcome, string> = { done: 'teal', refused: 'orange', failed: 'red' };

interface Filters {
  readonly span: ActivitySpan;
  readonly area: string | null;
  readonly userId: string | null;
  readonly outcome: ActivityOutcome | null;
}

export function ActivityScreen() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<Filters>({ span: 'today', area: null, userId: null, outcome: null });
  const [open, setOpen] = useState<ActivityEntry | null>(null);
  const from = useMemo(() => activitySpanStart(filters.span, Date.now(), startOfToday(Date.now())), [filters.span]);
  const facets = useQuery({ queryKey: activityKeys.facets, queryFn: ({ signal }) => fetchFacets(signal) });

  // The filters beside the table's own page, search and sort: part of the listing's query key.
  const filtered = {
    from,
    ...(filters.area !== null ? { area: filters.area } : {}),
    ...(filters.userId !== null ? { userId: filters.userId } : {}),
    ...(filters.outcome !== null ? { outcome: filters.outcome } : {}),
  };
  const list = usePagedList<ActivitySearchKey, ActivitySortKey, ActivityEntry, ActivityPage>({
    queryKey: [...activityKeys.list, filtered],
    defaultKey: 'any',
    defaultSort: 'at',
    defaultSortDir: 'desc',
    fetchPage: (request, signal) => fetchActivityPage({ ...request, ...filtered }, signal),
  });
  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    list.setPage(1);
  };
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });

  const columns: DataTableColumn<ActivityEntry>[] = [
    { accessor: 'at', title: t('activity.columns.at'), sortable: true, render: (e) => time.format(e.at), width: 170 },
    { accessor: 'username', title: t('activity.columns.user'), sortable: true, render: (e) => e.actor.username || t('activity.nobody') },
    { accessor: 'area', title: t('activity.columns.area'), sortable: true },
    { accessor: 'summary', title: t('activity.columns.what'), render: (e) => <Text fz="sm" lineClamp={2}>{e.summary}</Text> },
    {
      accessor: 'entity',
      title: t('activity.columns.entity'),
      sortable: true,
      render: (e) => (e.entity.id === '' ? <Text c="dimmed" fz="sm">—</Text> : <Text fz="sm">{`${e.entity.kind}: ${e.entity.name || e.entity.id}`}</Text>),
    },
    {
      accessor: 'status',
      title: t('activity.columns.outcome'),
      sortable: true,
      render: (e) => (
        <Badge variant="light" color={OUTCOME_COLORS[e.outcome]} size="sm">
          {t(`activity.outcome.${e.outcome}`)} {e.status}
        </Badge>
      ),
    },
    { accessor: 'applicationId', title: t('activity.columns.application'), render: (e) => <Text fz="xs" c="dimmed">{e.applicationId}</Text> },
  ];

  return (
    <AdminPage
      title={t('routes.activity')}
      description={t('activity.description')}
      toolbar={
        <>
          <Select aria-label={t('activity.filters.span')} data={ACTIVITY_SPANS.map((value) => ({ value, label: t(`incidents.spans.${value}`) }))} value={filters.span} onChange={(value) => value !== null && change({ span: value as ActivitySpan })} w={150} size="sm" />
          <Select aria-label={t('activity.filters.area')} placeholder={t('activity.filters.anyArea')} data={[...(facets.data?.areas ?? [])]} value={filters.area} onChange={(value) => change({ area: value })} clearable searchable w={170} size="sm" />
          <Select aria-label={t('activity.filters.user')} placeholder={t('activity.filters.anyUser')} data={(facets.data?.users ?? []).map((u) => ({ value: u.id, label: u.username }))} value={filters.userId} onChange={(value) => change({ userId: value })} clearable searchable w={180} size="sm" />
          <Select aria-label={t('activity.filters.outcome')} placeholder={t('activity.filters.anyOutcome')} data={ACTIVITY_OUTCOMES.map((value) => ({ value, label: t(`activity.outcome.${value}`) }))} value={filters.outcome} onChange={(value) => change({ outcome: value as ActivityOutcome | null })} clearable w={150} size="sm" />
          <TableSearch search={list.search} keys={ACTIVITY_SEARCH_KEYS.map((key) => ({ value: key, label: t(`activity.search.${key}`) }))} onChange={list.setSearch} />
        </>
      }
    >
      <ServerTable label={t('routes.activity')} list={list} columns={columns} sortKeys={ACTIVITY_SORT_KEYS} idAccessor="id" onRowClick={setOpen} />
      {list.query.data?.capped === true && (
        <Text fz="sm" c="dimmed">
          {t('activity.capped')}
        </Text>
      )}
      <Drawer opened={open !== null} onClose={() => setOpen(null)} title={open?.summary ?? ''} position="right" size={560} closeButtonProps={{ 'aria-label': t('kit.form.close') }} scrollAreaComponent={ScrollArea.Autosize}>
        {open !== null && <EntryDetails entry={open} when={time.format(open.at)} formatTime={(ms) => time.format(ms)} />}
      </Drawer>
    </AdminPage>
  );
}

function EntryDetails({ entry, when, formatTime }: { readonly entry: ActivityEntry; readonly when: string; readonly formatTime: (ms: number) => string }) {
  const { t } = useTranslation();
  const rows = changeRows(entry, formatTime);
  return (
    <Stack gap="sm" data-testid="activity-details">
      <Group gap="xs">
        <Badge variant="light" color={OUTCOME_COLORS[entry.outcome]}>
          {t(`activity.outcome.${entry.outcome}`)} {entry.status}
        </Badge>
        <Text fz="sm">{t('activity.byWhen', { user: entry.actor.username || t('activity.nobody'), when })}</Text>
      </Group>
      <Text fz="sm" c="dimmed">
        {entry.operation} · {t('activity.columns.application')}: {entry.applicationId}
      </Text>
      {entry.entity.id !== '' && <Text fz="sm">{t('activity.entityLine', { kind: entry.entity.kind, name: entry.entity.name || entry.entity.id, id: entry.entity.id })}</Text>}
      {entry.message !== '' && (
        <Text fz="sm" c="red" role="note">
          {entry.message}
        </Text>
      )}
      <Text fw={600} fz="sm">
        {t('activity.changes')}
      </Text>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('activity.noChanges')}
        </Text>
      ) : (
        <Table withTableBorder fz="sm" aria-label={t('activity.changes')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('activity.field')}</Table.Th>
              <Table.Th>{t('activity.before')}</Table.Th>
              <Table.Th>{t('activity.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.field}>
                <Table.Td>{row.field}</Table.Td>
                <Table.Td>{row.before}</Table.Td>
                <Table.Td>{row.after}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export default ActivityScreen;
