/**
 * Device support access (spec 000 §2 "device support access", §6 "Support access to a device is
 * granted for 8 hours, then blocked automatically. Remote actions may need customer approval."):
 * one device's access, the requests waiting for the customer and the latest remote actions.
 *
 * - the customer's admins (support.approve) grant access for 8 hours, revoke it early, and
 *   approve or decline each request;
 * - support (support.request) asks for a remote action from here: it runs at once under active
 *   access, else it waits for the customer's approval.
 * Reusable: the unit page shows it; the Devices screen's edit device / edit server puts it in
 * with the device's kind and id. It asks again every SUPPORT_REFETCH_MS, so the 8 hours and the
 * other side's decisions show without a reload.
 */
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/call.ts';
import { useMay } from '../../app/useMay.ts';
import { showError, showSuccess } from '../../components/toasts.ts';
import { REMOTE_ACTION_LABELS, type DeviceKind, type RemoteActionName } from '../../domain/support.ts';
import type { SupportAccess } from '../../protocol/rest/support.ts';
import { ApprovalDecision } from './ApprovalDecision.tsx';
import { AccessBadge, ActionStatusBadge } from './SupportBadges.tsx';
import { fetchDeviceSupport, grantAccess, hoursMinutes, invalidateSupport, requestRemoteAction, revokeAccess, SUPPORT_REFETCH_MS, supportKeys } from './queries.ts';

export interface SupportAccessPanelProps {
  readonly kind: DeviceKind;
  readonly id: string;
}

export function SupportAccessPanel({ kind, id }: SupportAccessPanelProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const canApprove = useMay('support.approve');
  const canRequest = useMay('support.request');
  const picture = useQuery({ queryKey: supportKeys.device(kind, id), queryFn: ({ signal }) => fetchDeviceSupport(kind, id, signal), refetchInterval: SUPPORT_REFETCH_MS });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  const access = useMutation({
    mutationFn: (change: 'grant' | 'revoke') => (change === 'grant' ? grantAccess(kind, id) : revokeAccess(kind, id)),
    onSuccess: (answer) => {
      queryClient.setQueryData(supportKeys.device(kind, id), answer);
      void invalidateSupport(queryClient); // the lists elsewhere; this panel already shows the answer
    },
  });
  const ask = useMutation({
    mutationFn: (action: RemoteActionName) => requestRemoteAction({ deviceKind: kind, deviceId: id, action }),
    onSuccess: (answer) => {
      const label = REMOTE_ACTION_LABELS[answer.action];
      if (answer.status === 'awaitingApproval') showSuccess(t('support.requested', { action: label }));
      else if (answer.status === 'done') showSuccess(answer.result);
      else showError(new Error(answer.result), t('support.failedTitle', { action: label }));
      void invalidateSupport(queryClient);
    },
  });

  const body = () => {
    if (picture.isPending) return <Loader size="sm" aria-label={t('support.loading')} />;
    if (picture.isError) return <Alert color="red">{messageOf(picture.error)}</Alert>;
    const { device, approvals, recentActions } = picture.data;
    const active = device.access.status === 'active';
    return (
      <Stack gap="sm">
        <Group gap="xs" data-testid="support-access-state">
          <AccessBadge status={device.access.status} />
          <Text fz="sm">{accessLine(device.access)}</Text>
        </Group>
        {canApprove && (
          <Group gap="xs">
            <Button size="xs" onClick={() => access.mutate('grant')} loading={access.isPending && access.variables === 'grant'} disabled={access.isPending}>
              {active ? t('support.grantAgain') : t('support.grant')}
            </Button>
            {active && (
              <Button size="xs" variant="default" onClick={() => access.mutate('revoke')} loading={access.isPending && access.variables === 'revoke'} disabled={access.isPending}>
                {t('support.revoke')}
              </Button>
            )}
          </Group>
        )}
        {access.isError && (
          <Text fz="sm" c="red" role="alert">
            {messageOf(access.error)}
          </Text>
        )}
        {canRequest && device.actions.length > 0 && (
          <Stack gap={4}>
            <Text fz="sm" fw={600}>
              {t('support.askTitle')}
            </Text>
            <Text fz="xs" c="dimmed">
              {active ? t('support.askRunsNow') : t('support.askNeedsApproval')}
            </Text>
            <Group gap="xs">
              {device.actions.map((action) => (
                <Button key={action} size="xs" variant="light" onClick={() => ask.mutate(action)} loading={ask.isPending && ask.variables === action} disabled={ask.isPending}>
                  {REMOTE_ACTION_LABELS[action]}
                </Button>
              ))}
            </Group>
            {ask.isError && (
              <Text fz="sm" c="red" role="alert">
                {messageOf(ask.error)}
              </Text>
            )}
          </Stack>
        )}
        <Stack gap={4}>
          <Text fz="sm" fw={600}>
            {t('support.waitingTitle')}
          </Text>
          {approvals.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('support.noneWaiting')}
            </Text>
          ) : (
            approvals.map((approval) => (
              <Paper key={approval.id} withBorder p="xs" radius="sm" data-testid="support-approval">
                <Stack gap={4}>
                  <Text fz="sm">
                    {t('support.requestLine', { action: REMOTE_ACTION_LABELS[approval.action], by: approval.requestedBy, at: time.format(approval.requestedAt) })}
                  </Text>
                  {approval.note !== '' && (
                    <Text fz="xs" c="dimmed">
                      “{approval.note}”
                    </Text>
                  )}
                  <Text fz="xs" c="dimmed">
                    {t('support.expiresAt', { at: time.format(approval.expiresAt) })}
                  </Text>
                  {canApprove && <ApprovalDecision approval={approval} />}
                </Stack>
              </Paper>
            ))
          )}
        </Stack>
        {recentActions.length > 0 && (
          <Stack gap={4}>
            <Text fz="sm" fw={600}>
              {t('support.recentTitle')}
            </Text>
            {recentActions.map((action) => (
              <Group key={action.id} gap="xs" wrap="nowrap" align="flex-start">
                <ActionStatusBadge status={action.status} />
                <Text fz="xs">
                  {t('support.actionLine', { action: REMOTE_ACTION_LABELS[action.action], by: action.requestedBy, at: time.format(action.requestedAt) })}
                  {action.result !== '' && ` — ${action.result}`}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    );
  };

  function accessLine(current: SupportAccess): string {
    switch (current.status) {
      case 'none':
        return t('support.accessLine.none');
      case 'active':
        return t('support.accessLine.active', { ...hoursMinutes(current.remainingMs), by: current.grantedBy ?? '', until: time.format(current.endsAt ?? 0) });
      case 'expired':
        return t('support.accessLine.expired', { at: time.format(current.endsAt ?? 0) });
      case 'revoked':
        return t('support.accessLine.revoked', { by: current.revokedBy ?? '', at: time.format(current.endsAt ?? 0) });
    }
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="support-access-panel">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('support.panelTitle')}
        </Title>
        <Text fz="xs" c="dimmed">
          {t('support.panelHelp')}
        </Text>
        {body()}
      </Stack>
    </Paper>
  );
}
