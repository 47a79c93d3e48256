/**
 * Access approvals (spec 001 §4 "Access approval: active, expired, used"): the requests of remote
 * actions that waited or wait for the customer, on the devices the user reaches, newest first,
 * filtered by state and searched by device, inventory or requester. The customer's admins approve
 * or decline an active one in its row. Asked again every SUPPORT_REFETCH_MS (the 8 hours end on
 * their own; the other side decides).
 */
import { useState } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { ServerTable } from '../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../components/admin/TableSearch.tsx';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { useMay } from '../../app/useMay.ts';
import { ACCESS_APPROVAL_STATES, REMOTE_ACTION_LABELS, type AccessApprovalState } from '../../domain/support.ts';
import { ACCESS_APPROVAL_SEARCH_KEYS, ACCESS_APPROVAL_SORT_KEYS, type AccessApproval, type AccessApprovalSearchKey, type AccessApprovalSortKey } from '../../protocol/rest/support.ts';
import { fetchApprovalPage, SUPPORT_REFETCH_MS, supportKeys } from '../supportAccess/queries.ts';
import { ActionStatusBadge, ApprovalBadge } from '../supportAccess/SupportBadges.tsx';
import { ApprovalDecision } from '../supportAccess/ApprovalDecision.tsx';

type StateFilter = 'all' | AccessApprovalState;

export function AccessApprovalsList({ label, initialState = 'all' }: { readonly label: string; readonly initialState?: StateFilter }) {
  const { t, i18n } = useTranslation();
  const canApprove = useMay('support.approve');
  const [state, setState] = useState<StateFilter>(initialState);
  const filtered = state !== 'all' ? { state } : {};
  const list = usePagedList<AccessApprovalSearchKey, AccessApprovalSortKey, AccessApproval>({
    queryKey: [...supportKeys.approvals, filtered],
    defaultKey: 'deviceName',
    defaultSort: 'requestedAt',
    defaultSortDir: 'desc',
    refetchIntervalMs: SUPPORT_REFETCH_MS,
    fetchPage: (request, signal) => fetchApprovalPage({ ...request, ...filtered }, signal),
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  const columns: DataTableColumn<AccessApproval>[] = [
    { accessor: 'requestedAt', title: t('support.columns.requestedAt'), sortable: true, render: (a) => time.format(a.requestedAt), width: 150 },
    { accessor: 'deviceName', title: t('support.columns.device'), sortable: true },
    { accessor: 'inventoryName', title: t('support.columns.inventory'), sortable: true },
    {
      accessor: 'action',
      title: t('support.columns.action'),
      render: (a) => (
        <Stack gap={0}>
          <Text fz="sm">{REMOTE_ACTION_LABELS[a.action]}</Text>
          {a.note !== '' && (
            <Text fz="xs" c="dimmed">
              “{a.note}”
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'requestedBy', title: t('support.columns.requestedBy') },
    { accessor: 'state', title: t('support.columns.state'), render: (a) => <ApprovalBadge state={a.state} /> },
    {
      accessor: 'decision',
      title: t('support.columns.decision'),
      render: (a) =>
        a.state === 'active' ? (
          canApprove ? (
            <ApprovalDecision approval={a} />
          ) : (
            <Text fz="sm" c="dimmed">
              {t('support.expiresAt', { at: time.format(a.expiresAt) })}
            </Text>
          )
        ) : (
          <Stack gap={2}>
            <Text fz="sm">
              {a.decision === null ? t('support.decision.unanswered', { at: time.format(a.expiresAt) }) : t(`support.decision.${a.decision}`, { by: a.decidedBy ?? '', at: time.format(a.decidedAt ?? 0) })}
            </Text>
            {a.decision === 'approved' && (
              <Text fz="xs" c="dimmed" component="div">
                <ActionStatusBadge status={a.remoteActionStatus} /> {a.remoteActionResult}
              </Text>
            )}
          </Stack>
        ),
    },
  ];

  return (
    <Stack gap="sm">
      <Stack gap="sm" style={{ flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center' }}>
        <SegmentedControl
          aria-label={t('support.filters.state')}
          data={(['all', ...ACCESS_APPROVAL_STATES] as const).map((value) => ({ value, label: t(`support.stateFilter.${value}`) }))}
          value={state}
          onChange={(value) => {
            setState(value as StateFilter);
            list.setPage(1);
          }}
          size="sm"
        />
        <TableSearch search={list.search} keys={ACCESS_APPROVAL_SEARCH_KEYS.map((key) => ({ value: key, label: t(`support.search.${key}`) }))} onChange={list.setSearch} />
      </Stack>
      <ServerTable label={label} list={list} columns={columns} sortKeys={ACCESS_APPROVAL_SORT_KEYS} idAccessor="id" />
    </Stack>
  );
}
