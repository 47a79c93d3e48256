/**
 * The incident centre (issue 17 item 1): every unit transition, alert and threshold incident the
 * server recorded for the units the user sees (and the user's own thresholds'), paged from the
 * server, filtered by time span, kind, severity, group and acknowledgement, searched by unit or
 * text and sorted by column. An open incident can be acknowledged (the first who and when are
 * kept). "Thresholds" opens the user's own thresholds per group. Opening the screen marks every
 * incident up to the newest as seen (the bell goes to zero).
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, SegmentedControl, Select, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { ServerTable } from '../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../components/admin/TableSearch.tsx';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { useWriteBlock } from '../../components/admin/useWriteBlock.tsx';
import { useMay } from '../../app/useMay.ts';
import { ACTIVITY_SPANS, activitySpanStart, type ActivitySpan } from '../../domain/activity.ts';
import { INCIDENT_KINDS, INCIDENT_SEVERITIES, type IncidentKind, type IncidentSeverity } from '../../domain/incidents.ts';
import { ACK_FILTERS, INCIDENT_SEARCH_KEYS, INCIDENT_SORT_KEYS, type Incident, type IncidentPage, type IncidentSearchKey, type IncidentSortKey } from '../../protocol/rest/incidents.ts';
import { messageOf } from '../../api/call.ts';
import { useCurrentGroup } from '../fleet/currentGroup.ts';
import { acknowledge, BELL_POLL_MS, fetchIncidentPage, fetchNews, incidentKeys, invalidateIncidents, markSeen } from './queries.ts';
import { ThresholdsDrawer } from './ThresholdsDrawer.tsx';

const SEVERITY_COLORS: Record<IncidentSeverity, string> = { info: 'gray', warning: 'orange', critical: 'red' };

/** Local midnight of today (ms): the "today" span. */
export function startOfToday(now: number): number {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

interface Filters {
  readonly span: ActivitySpan;
  readonly kind: IncidentKind | null;
  readonly severity: IncidentSeverity | null;
  readonly groupId: string | null;
  readonly acknowledged: (typeof ACK_FILTERS)[number];
}

export function IncidentsScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const canAcknowledge = useMay('incidents.acknowledge');
  const canSetThresholds = useMay('incidents.thresholds');
  const writesBlocked = useWriteBlock(); // the row's Acknowledge while the live connection is down
  const { groups } = useCurrentGroup();
  const [filters, setFilters] = useState<Filters>({ span: '7d', kind: null, severity: null, groupId: null, acknowledged: 'all' });
  const [thresholdsOpen, setThresholdsOpen] = useState(false);
  const [ackError, setAckError] = useState<{ id: number; message: string } | null>(null);
  // The span's start is fixed when the span is chosen (a moving start would refetch every render).
  const from = useMemo(() => activitySpanStart(filters.span, Date.now(), startOfToday(Date.now())), [filters.span]);

  // The filters beside the table's own page, search and sort: part of the listing's query key.
  const filtered = {
    from,
    ...(filters.kind !== null ? { kind: filters.kind } : {}),
    ...(filters.severity !== null ? { severity: filters.severity } : {}),
    ...(filters.groupId !== null ? { groupId: filters.groupId } : {}),
    acknowledged: filters.acknowledged,
  };
  // The log follows the fleet: asked again as often as the bell (new incidents appear without a reload).
  const list = usePagedList<IncidentSearchKey, IncidentSortKey, Incident, IncidentPage>({
    queryKey: [...incidentKeys.list, filtered],
    defaultKey: 'any',
    defaultSort: 'at',
    defaultSortDir: 'desc',
    refetchIntervalMs: BELL_POLL_MS,
    fetchPage: (request, signal) => fetchIncidentPage({ ...request, ...filtered, to: Date.now() + 1 }, signal),
  });

  // Opening the centre: everything up to the newest is seen (the bell's count goes to zero).
  useEffect(() => {
    void fetchNews(undefined)
      .then((news) => markSeen(news.latestId))
      .then((news) => queryClient.setQueryData(incidentKeys.news, news))
      .catch(() => undefined); // the bell keeps its count; nothing the user did failed
  }, [queryClient]);

  const ack = useMutation({
    mutationFn: (id: number) => acknowledge(id),
    onSuccess: () => {
      setAckError(null);
      return invalidateIncidents(queryClient);
    },
    onError: (error, id) => setAckError({ id, message: messageOf(error) }),
  });

  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    list.setPage(1);
  };
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });

  const columns: DataTableColumn<Incident>[] = [
    { accessor: 'at', title: t('incidents.columns.at'), sortable: true, render: (i) => time.format(i.at), width: 170 },
    {
      accessor: 'severity',
      title: t('incidents.columns.severity'),
      sortable: true,
      render: (i) => (
        <Badge variant="light" color={SEVERITY_COLORS[i.severity]} size="sm">
          {t(`incidents.severity.${i.severity}`)}
        </Badge>
      ),
    },
    { accessor: 'kind', title: t('incidents.columns.kind'), sortable: true, render: (i) => t(`incidents.kind.${i.kind}`) },
    {
      accessor: 'unit',
      title: t('incidents.columns.unit'),
      sortable: true,
      render: (i) => (
        <Anchor component={Link} to={`/unit/${encodeURIComponent(i.unitId)}`} fz="sm" onClick={(event) => event.stopPropagation()}>
          {i.unitName || i.unitId}
        </Anchor>
      ),
    },
    { accessor: 'groupName', title: t('incidents.columns.group') },
    {
      accessor: 'message',
      title: t('incidents.columns.message'),
      render: (i) => (
        <Group gap={6} wrap="nowrap">
          <Text fz="sm">{i.message}</Text>
          {i.personal && (
            <Badge variant="outline" size="xs" color="grape">
              {t('incidents.personal')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      accessor: 'acknowledged',
      title: t('incidents.columns.acknowledged'),
      render: (i) =>
        i.acknowledged !== null ? (
          <Text fz="sm" c="dimmed">
            {t('incidents.acknowledgedBy', { by: i.acknowledged.by, at: time.format(i.acknowledged.at) })}
          </Text>
        ) : canAcknowledge ? (
          <Group gap={6} wrap="nowrap">
            <Button size="compact-xs" variant="light" loading={ack.isPending && ack.variables === i.id} disabled={writesBlocked !== null} title={writesBlocked ?? undefined} onClick={() => ack.mutate(i.id)} aria-label={t('incidents.acknowledgeOne', { unit: i.unitName || i.unitId })}>
              {t('incidents.acknowledge')}
            </Button>
            {ackError?.id === i.id && (
              <Text fz="xs" c="red" role="alert">
                {ackError.message}
              </Text>
            )}
          </Group>
        ) : (
          <Text fz="sm" c="dimmed">
            {t('incidents.open')}
          </Text>
        ),
    },
  ];

  const options = <T extends string>(values: readonly T[], key: string) => values.map((value) => ({ value, label: t(`${key}.${value}`) }));

  return (
    <AdminPage
      title={t('routes.incidents')}
      description={t('incidents.description')}
      actions={
        canSetThresholds && (
          <Button variant="light" onClick={() => setThresholdsOpen(true)} disabled={groups.length === 0}>
            {t('incidents.thresholds.open')}
          </Button>
        )
      }
      toolbar={
        <>
          <Select aria-label={t('incidents.filters.span')} data={options(ACTIVITY_SPANS, 'incidents.spans')} value={filters.span} onChange={(value) => value !== null && change({ span: value as ActivitySpan })} w={150} size="sm" />
          <Select aria-label={t('incidents.filters.kind')} placeholder={t('incidents.filters.anyKind')} data={options(INCIDENT_KINDS, 'incidents.kind')} value={filters.kind} onChange={(value) => change({ kind: value as IncidentKind | null })} clearable w={150} size="sm" />
          <Select aria-label={t('incidents.filters.severity')} placeholder={t('incidents.filters.anySeverity')} data={options(INCIDENT_SEVERITIES, 'incidents.severityAtLeast')} value={filters.severity} onChange={(value) => change({ severity: value as IncidentSeverity | null })} clearable w={170} size="sm" />
          <Select aria-label={t('incidents.filters.group')} placeholder={t('incidents.filters.anyGroup')} data={groups.map((g) => ({ value: g.uid, label: g.name }))} value={filters.groupId} onChange={(value) => change({ groupId: value })} clearable searchable w={180} size="sm" />
          <SegmentedControl aria-label={t('incidents.filters.acknowledged')} data={options(ACK_FILTERS, 'incidents.ack')} value={filters.acknowledged} onChange={(value) => change({ acknowledged: value as Filters['acknowledged'] })} size="sm" />
          <TableSearch search={list.search} keys={INCIDENT_SEARCH_KEYS.map((key) => ({ value: key, label: t(`incidents.search.${key}`) }))} onChange={list.setSearch} />
        </>
      }
    >
      <ServerTable label={t('routes.incidents')} list={list} columns={columns} sortKeys={INCIDENT_SORT_KEYS} idAccessor="id" />
      {list.query.data?.capped === true && (
        <Text fz="sm" c="dimmed">
          {t('incidents.capped')}
        </Text>
      )}
      {thresholdsOpen && <ThresholdsDrawer onClose={() => setThresholdsOpen(false)} />}
    </AdminPage>
  );
}

export default IncidentsScreen;
