/**
 * Usage Reports (spec 000 §2 Services "Usage Reports"; 002 §2 /reports, admin set): the usage the
 * server recorded for the chosen inventory's units, per usage period (a month, from each profile's
 * reset day), by unit and profile: two charts (data and hours per month, one line per profile), the
 * rows in a table, and a CSV export of those rows. Nothing is computed here but the charts' sums.
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { messageOf } from '../../api/call.ts';
import { monthOf, shiftMonth, usageByProfileAndMonth } from '../../domain/usageProfiles.ts';
import { REPORT_MONTHS_MAX, type UsageReportRow } from '../../protocol/rest/usageProfiles.ts';
import { useInventoryChoice } from '../services/queries.ts';
import { InventorySelect } from '../services/InventorySelect.tsx';
import { fetchProfileOptions, usageProfileKeys } from '../usageProfiles/queries.ts';
import { downloadCsv, fetchUsageReport, reportKeys, usageCsv } from './queries.ts';
import { UsageChart } from './UsageChart.tsx';

const PAGE_SIZE = 50;

export function ReportsScreen() {
  const { t, i18n } = useTranslation();
  const choice = useInventoryChoice();
  const inventoryId = choice.inventoryId;
  const current = monthOf(Date.now());
  const monthOptions = useMemo(() => Array.from({ length: REPORT_MONTHS_MAX }, (_v, i) => shiftMonth(current, -i)), [current]);
  const [from, setFrom] = useState(shiftMonth(current, -2));
  const [to, setTo] = useState(current);
  const [profileId, setProfileId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const profiles = useQuery({ queryKey: usageProfileKeys.options(inventoryId ?? ''), queryFn: ({ signal }) => fetchProfileOptions(inventoryId!, signal), enabled: inventoryId !== null });
  const report = useQuery({
    queryKey: reportKeys.usage(inventoryId ?? '', from, to, profileId),
    queryFn: ({ signal }) => fetchUsageReport(inventoryId!, from, to, profileId, signal),
    enabled: inventoryId !== null,
  });
  const number = useMemo(() => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }), [i18n.language]);
  const noProfile = t('reports.noProfile');
  const charts = useMemo(() => (report.data === undefined ? null : usageByProfileAndMonth(report.data.rows, report.data.months, noProfile)), [report.data, noProfile]);
  const formatMb = useMemo(() => (value: number) => t('reports.mb', { value: number.format(value) }), [t, number]);
  const formatHours = useMemo(() => (value: number) => t('reports.hoursValue', { value: number.format(value) }), [t, number]);
  const rows = report.data?.rows ?? [];
  const inventoryName = choice.inventories.find((inv) => inv.id === inventoryId)?.name ?? 'inventory';

  return (
    <AdminPage
      title={t('routes.reports')}
      description={t('reports.description')}
      actions={
        <Group gap="xs">
          <Button variant="default" onClick={() => void report.refetch()} loading={report.isFetching}>
            {t('reports.refresh')}
          </Button>
          <Button disabled={report.data === undefined || rows.length === 0} onClick={() => report.data !== undefined && downloadCsv(`usage-${inventoryName}-${from}-${to}.csv`, usageCsv(report.data))}>
            {t('reports.exportCsv')}
          </Button>
        </Group>
      }
      toolbar={
        <Group align="flex-end">
          <InventorySelect
            inventories={choice.inventories}
            value={inventoryId}
            onChange={(id) => {
              choice.setInventoryId(id);
              setProfileId(null);
              setPage(1);
            }}
          />
          <Select label={t('reports.from')} w={130} data={monthOptions} value={from} onChange={(v) => v !== null && (setFrom(v), setPage(1))} comboboxProps={{ withinPortal: true }} />
          <Select label={t('reports.to')} w={130} data={monthOptions} value={to} onChange={(v) => v !== null && (setTo(v), setPage(1))} comboboxProps={{ withinPortal: true }} />
          <Select
            label={t('reports.profile')}
            w={220}
            clearable
            placeholder={t('reports.allProfiles')}
            data={(profiles.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={profileId}
            onChange={(v) => {
              setProfileId(v);
              setPage(1);
            }}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      }
    >
      <Stack>
        {report.isError && (
          <Alert color="red" role="alert">
            {messageOf(report.error)}
          </Alert>
        )}
        {report.isPending && inventoryId !== null && <Loader aria-label={t('reports.loading')} />}
        {report.data !== undefined && charts !== null && (
          <>
            <Text fz="xs" c="dimmed">
              {t('reports.asOf', { time: new Date(report.data.asOf).toLocaleString(i18n.language) })}
            </Text>
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              <UsageChart title={t('reports.dataChart')} months={report.data.months} series={charts.data} format={formatMb} emptyText={t('reports.empty')} testId="usage-chart-data" />
              <UsageChart title={t('reports.hoursChart')} months={report.data.months} series={charts.hours} format={formatHours} emptyText={t('reports.empty')} testId="usage-chart-hours" />
            </SimpleGrid>
            <DataTable<UsageReportRow>
              aria-label={t('reports.table')}
              withTableBorder
              borderRadius="sm"
              minHeight={rows.length === 0 ? 160 : undefined}
              idAccessor={(r) => `${r.period}|${r.unitId}`}
              records={rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
              totalRecords={rows.length}
              recordsPerPage={PAGE_SIZE}
              page={page}
              onPageChange={setPage}
              noRecordsText={t('reports.empty')}
              paginationText={({ from: first, to: last, totalRecords }) => t('kit.table.pagination', { from: first, to: last, total: totalRecords })}
              columns={[
                { accessor: 'period', title: t('reports.columns.period') },
                { accessor: 'unitName', title: t('reports.columns.unit') },
                { accessor: 'profileName', title: t('reports.columns.profile'), render: (r) => r.profileName ?? noProfile },
                { accessor: 'dataMb', title: t('reports.columns.data'), textAlign: 'right', render: (r) => number.format(r.dataMb) },
                { accessor: 'hours', title: t('reports.columns.hours'), textAlign: 'right', render: (r) => number.format(r.hours) },
                {
                  accessor: 'usedPct',
                  title: t('reports.columns.used'),
                  textAlign: 'right',
                  render: (r) =>
                    r.usedPct === null ? (
                      '—'
                    ) : (
                      <Badge color={r.overAllowance ? 'red' : 'blue'} variant="light">
                        {`${number.format(r.usedPct)} %`}
                      </Badge>
                    ),
                },
              ]}
            />
          </>
        )}
      </Stack>
    </AdminPage>
  );
}

export default ReportsScreen;
