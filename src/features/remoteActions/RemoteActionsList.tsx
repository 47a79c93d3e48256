/**
 * Remote actions (spec 002 §2 /psg/remote_actions for the super user, /support for partners): every
 * remote action on the devices the user reaches, newest first, with its status (waiting for the
 * customer, done, failed, declined, expired) and the device's answer; filtered by status,
 * searched by device, inventory or requester. "New remote action" asks for one. The list asks
 * again every SUPPORT_REFETCH_MS, so a customer's decision shows without a reload.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { ServerTable } from '../../components/admin/ServerTable.tsx';
import { TableSearch } from '../../components/admin/TableSearch.tsx';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { useMay } from '../../app/useMay.ts';
import { REMOTE_ACTION_LABELS, REMOTE_ACTION_STATUSES, type RemoteActionStatus } from '../../domain/support.ts';
import { REMOTE_ACTION_SEARCH_KEYS, REMOTE_ACTION_SORT_KEYS, type RemoteAction, type RemoteActionSearchKey, type RemoteActionSortKey } from '../../protocol/rest/support.ts';
import { fetchRemoteActionPage, SUPPORT_REFETCH_MS, supportKeys } from '../supportAccess/queries.ts';
import { ActionStatusBadge } from '../supportAccess/SupportBadges.tsx';
import { NewRemoteActionModal } from './NewRemoteActionModal.tsx';

export interface RemoteActionsListProps {
  readonly title: string;
  readonly description: string;
}

export function RemoteActionsList({ title, description }: RemoteActionsListProps) {
  const { t, i18n } = useTranslation();
  const canRequest = useMay('support.request');
  const [status, setStatus] = useState<RemoteActionStatus | null>(null);
  const [asking, setAsking] = useState(false);
  const filtered = status !== null ? { status } : {};
  const list = usePagedList<RemoteActionSearchKey, RemoteActionSortKey, RemoteAction>({
    queryKey: [...supportKeys.actions, filtered],
    defaultKey: 'deviceName',
    defaultSort: 'requestedAt',
    defaultSortDir: 'desc',
    refetchIntervalMs: SUPPORT_REFETCH_MS,
    fetchPage: (request, signal) => fetchRemoteActionPage({ ...request, ...filtered }, signal),
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  const columns: DataTableColumn<RemoteAction>[] = [
    { accessor: 'requestedAt', title: t('support.columns.requestedAt'), sortable: true, render: (a) => time.format(a.requestedAt), width: 150 },
    {
      accessor: 'deviceName',
      title: t('support.columns.device'),
      sortable: true,
      render: (a) =>
        a.deviceKind === 'unit' ? (
          <Anchor component={Link} to={`/unit/${encodeURIComponent(a.deviceId)}`} fz="sm">
            {a.deviceName}
          </Anchor>
        ) : (
          a.deviceName
        ),
    },
    { accessor: 'inventoryName', title: t('support.columns.inventory'), sortable: true },
    { accessor: 'action', title: t('support.columns.action'), sortable: true, render: (a) => REMOTE_ACTION_LABELS[a.action] },
    { accessor: 'requestedBy', title: t('support.columns.requestedBy') },
    { accessor: 'status', title: t('support.columns.status'), render: (a) => <ActionStatusBadge status={a.status} /> },
    {
      accessor: 'result',
      title: t('support.columns.result'),
      render: (a) => (
        <Text fz="sm" c={a.result === '' ? 'dimmed' : undefined}>
          {a.result !== '' ? a.result : a.status === 'awaitingApproval' ? t('support.waitingCustomer') : a.note}
        </Text>
      ),
    },
  ];

  return (
    <AdminPage
      title={title}
      description={description}
      actions={canRequest && <Button onClick={() => setAsking(true)}>{t('support.new.open')}</Button>}
      toolbar={
        <>
          <Select
            aria-label={t('support.filters.status')}
            placeholder={t('support.filters.anyStatus')}
            data={REMOTE_ACTION_STATUSES.map((value) => ({ value, label: t(`support.actionStatus.${value}`) }))}
            value={status}
            onChange={(value) => {
              setStatus(value as RemoteActionStatus | null);
              list.setPage(1);
            }}
            clearable
            w={200}
            size="sm"
          />
          <TableSearch search={list.search} keys={REMOTE_ACTION_SEARCH_KEYS.map((key) => ({ value: key, label: t(`support.search.${key}`) }))} onChange={list.setSearch} />
        </>
      }
    >
      <ServerTable label={title} list={list} columns={columns} sortKeys={REMOTE_ACTION_SORT_KEYS} idAccessor="id" />
      {asking && <NewRemoteActionModal onClose={() => setAsking(false)} />}
    </AdminPage>
  );
}
