/**
 * The unit list (/list; issue 5 item 3, spec 000 §2): every unit of the current group, live,
 * virtual (smooth at 50,000 units), with the counters, the filter groups, the search, the column
 * choice, sort and the expanded rows. Columns and sort are saved in preferences.gridPrefs.unitList
 * and the row mode in preferences.unitListExpanded; filters and the search live with the page.
 */
import { memo, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Center, Group, Loader, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClientConfiguration, usePreferences, useSavePreferences } from '../../api/queries.ts';
import { errorMessageOf, showError } from '../../components/toasts.ts';
import type { UnitCounterName } from '../../domain/units/counters.ts';
import { useConnection, useFleet, useSignalValue } from '../../fleet/index.ts';
import { useCurrentGroup } from '../fleet/currentGroup.ts';
import type { UnitColumn } from './columns.ts';
import { gridTemplate } from './columns.ts';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import { CountersBar } from './CountersBar.tsx';
import { FilterBar } from './FilterBar.tsx';
import type { UnitFilters } from './filters.ts';
import { filtersForCounter, hasFilters, isCounterActive, NO_FILTERS } from './filters.ts';
import type { UnitListLayout } from './listPrefs.ts';
import { layoutFromPrefs, layoutToPrefs, nextSort, toggleColumn, UNIT_LIST_GRID_ID } from './listPrefs.ts';
import { SearchBox } from './SearchBox.tsx';
import type { UnitSearch } from './search.ts';
import { DEFAULT_KEY, isServerSearch, searchKeysFor } from './search.ts';
import { unitPath } from './unitPath.ts';
import { UnitTable } from './UnitTable.tsx';
import { useServerSearch } from './useServerSearch.ts';
import { useUnitRows } from './useUnitRows.ts';
import { useRowsPainted } from './useRowsPainted.ts';
import { AdhocToolbar } from '../adhoc/AdhocToolbar.tsx';
import { useWarmScreens, WARMED_FROM_LIST } from '../../app/warmScreens.ts';

const LOADING_ROWS = 8;

/** The filters re-render when they change, not with the rows (once a second while units change). */
const QuietFilterBar = memo(FilterBar);

interface ListToolsProps {
  readonly search: UnitSearch;
  readonly searchKeys: ReturnType<typeof searchKeysFor>;
  readonly onSearch: (search: UnitSearch) => void;
  readonly expanded: boolean;
  readonly onExpanded: (expanded: boolean) => void;
  readonly columns: readonly UnitColumn[];
  readonly onToggleColumn: (column: UnitColumn) => void;
  readonly groupId: string | null;
}

/** The title row: search, expanded rows, columns, ad-hoc units. Re-renders only when its own props change. */
const ListTools = memo(function ListTools({ search, searchKeys, onSearch, expanded, onExpanded, columns, onToggleColumn, groupId }: ListToolsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="center">
      <Title order={2}>{t('routes.list')}</Title>
      <Group gap="md">
        <SearchBox search={search} keys={searchKeys} onChange={onSearch} />
        <Switch label={t('unitList.expanded')} checked={expanded} onChange={(event) => onExpanded(event.currentTarget.checked)} />
        <ColumnsMenu columns={columns} onToggle={onToggleColumn} />
        <AdhocToolbar groupId={groupId} />
      </Group>
    </Group>
  );
});

export default function UnitListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fleet = useFleet();
  const { store } = fleet;
  const connection = useConnection();
  const { groupId } = useCurrentGroup();
  const preferences = usePreferences();
  const savePreferences = useSavePreferences();
  const [filters, setFilters] = useState<UnitFilters>(NO_FILTERS);
  const [search, setSearch] = useState<UnitSearch>({ key: DEFAULT_KEY, value: '' });
  const roles = useClientConfiguration().data?.loggedUserRoles;
  const searchKeys = useMemo(() => searchKeysFor(roles ?? []), [roles]);

  // Memoized: the columns array reaches every row (a new one would re-render them all).
  const savedLayout = preferences.data?.gridPrefs[UNIT_LIST_GRID_ID];
  const layout = useMemo(() => layoutFromPrefs(savedLayout), [savedLayout]);
  const expanded = preferences.data?.unitListExpanded ?? false;
  const { mutate } = savePreferences;
  const gridPrefs = preferences.data?.gridPrefs;
  const saveLayout = useCallback(
    (next: UnitListLayout) => mutate({ gridPrefs: { ...gridPrefs, [UNIT_LIST_GRID_ID]: layoutToPrefs(next) } }, { onError: (error) => showError(error) }),
    [mutate, gridPrefs],
  );

  const server = useServerSearch(search, groupId);
  const serverSearch = isServerSearch(search);
  const rowFilters = useMemo<UnitFilters>(() => ({ ...filters, name: search.key === 'name' ? search.value : '' }), [filters, search]);
  const { ids, total, partial } = useUnitRows(store, rowFilters, layout.sort, server.ids);
  // The full order's first paint: the worker loads its fleet after it, not beside it.
  const onRowsPainted = useCallback(() => void fleet.rowsPainted(), [fleet]);
  useRowsPainted(ids.length > 0 && partial !== true, onRowsPainted);
  const template = useMemo(() => gridTemplate(layout.columns), [layout.columns]);
  // Once rows are shown and the snapshot's views are all in the store (its columns, ~46 MB at 50k
  // units, let go: docs/performance.md §4b), the multiview's and the map's chunks load in the
  // background (open ≤ 2 s under load).
  const snapshotPending = useSignalValue(store.snapshotPending);
  useWarmScreens(WARMED_FROM_LIST, ids.length > 0 && !snapshotPending);

  const onSort = useCallback((column: UnitColumn) => saveLayout({ ...layout, sort: nextSort(layout.sort, column) }), [saveLayout, layout]);
  const onToggleColumn = useCallback((column: UnitColumn) => saveLayout({ ...layout, columns: toggleColumn(layout.columns, column) }), [saveLayout, layout]);
  const onOpen = useCallback((id: string) => void navigate(unitPath(id)), [navigate]);
  const onCounter = useCallback(
    (counter: UnitCounterName) => setFilters((current) => (isCounterActive(counter, current) && hasFilters({ ...current, name: '' }) ? NO_FILTERS : filtersForCounter(counter, current))),
    [],
  );
  const onExpanded = useCallback((checked: boolean) => mutate({ unitListExpanded: checked }, { onError: (error) => showError(error) }), [mutate]);
  const clearAll = (): void => {
    setFilters(NO_FILTERS);
    setSearch((current) => ({ ...current, value: '' }));
  };

  const waitingForSnapshot = total === 0 && (connection.phase === 'connecting' || connection.phase === 'resyncing' || connection.phase === 'reconnecting');
  const filtered = hasFilters(rowFilters) || serverSearch;

  return (
    <Stack gap="md">
      <ListTools
        search={search}
        searchKeys={searchKeys}
        onSearch={setSearch}
        expanded={expanded}
        onExpanded={onExpanded}
        columns={layout.columns}
        onToggleColumn={onToggleColumn}
        groupId={groupId}
      />
      <CountersBar filters={filters} onCounter={onCounter} />
      <QuietFilterBar filters={filters} onChange={setFilters} />
      <Group justify="space-between" gap="xs">
        <Text fz="sm" c="dimmed" data-testid="unit-list-summary">
          {waitingForSnapshot
            ? t('unitList.loading')
            : serverSearch
              ? t('unitList.serverSummary', { shown: ids.length, total: server.total })
              : t('unitList.summary', { shown: ids.length.toLocaleString('en'), total: total.toLocaleString('en'), count: total })}
        </Text>
        {serverSearch && server.elsewhere > 0 && (
          <Text fz="xs" c="dimmed">
            {t('unitList.elsewhere', { count: server.elsewhere })}
          </Text>
        )}
      </Group>
      {serverSearch && server.error !== null && (
        <Alert color="red" title={t('unitList.searchFailed')}>
          {errorMessageOf(server.error)}
        </Alert>
      )}
      {groupId === null ? (
        <Alert color="gray">{t('unitList.noGroup')}</Alert>
      ) : waitingForSnapshot ? (
        <Stack gap={6} aria-busy="true" data-testid="unit-list-loading">
          {Array.from({ length: LOADING_ROWS }, (_, index) => (
            <Skeleton key={index} height={32} radius="sm" />
          ))}
        </Stack>
      ) : ids.length === 0 && !(serverSearch && server.loading) ? (
        <Center py={60}>
          <Stack align="center" gap="sm" data-testid="unit-list-empty">
            <Text fw={600}>{filtered ? t('unitList.emptyFiltered') : t('unitList.emptyGroup')}</Text>
            {filtered && (
              <Button variant="light" onClick={clearAll}>
                {t('unitList.filters.clear')}
              </Button>
            )}
          </Stack>
        </Center>
      ) : (
        <>
          <UnitTable
            ids={ids}
            columns={layout.columns}
            template={template}
            sort={layout.sort}
            expanded={expanded}
            onSort={onSort}
            onOpen={onOpen}
            {...(serverSearch ? { onEnd: server.loadMore } : {})}
          />
          {serverSearch && server.loading && (
            <Center py="sm">
              <Loader size="sm" />
            </Center>
          )}
        </>
      )}
    </Stack>
  );
}
