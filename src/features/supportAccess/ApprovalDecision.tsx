/**
 * Approve or decline one access approval (the customer's side of spec 000 §6 "Remote actions may
 * need customer approval"). Approving runs the action at once; the answer (done, or the device's
 * refusal) is shown as a toast, a refusal of the decision (expired, already used) in place.
 */
import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/call.ts';
import { showError, showSuccess } from '../../components/toasts.ts';
import { REMOTE_ACTION_LABELS } from '../../domain/support.ts';
import type { AccessApproval } from '../../protocol/rest/support.ts';
import { approve, decline, invalidateSupport } from './queries.ts';

export function ApprovalDecision({ approval }: { readonly approval: AccessApproval }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'decline') => (decision === 'approve' ? approve(approval.id) : decline(approval.id)),
    onSuccess: (answer) => {
      const action = REMOTE_ACTION_LABELS[answer.action];
      if (answer.decision === 'declined') showSuccess(t('support.declined', { action, device: answer.deviceName }));
      else if (answer.remoteActionStatus === 'failed') showError(new Error(answer.remoteActionResult), t('support.approvedButFailed', { action, device: answer.deviceName }));
      else showSuccess(t('support.approved', { action, device: answer.deviceName, result: answer.remoteActionResult }));
      void invalidateSupport(queryClient);
    },
  });
  const label = { action: REMOTE_ACTION_LABELS[approval.action], device: approval.deviceName };
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-sm" color="teal" loading={decide.isPending && decide.variables === 'approve'} disabled={decide.isPending} onClick={() => decide.mutate('approve')} aria-label={t('support.approveOne', label)}>
        {t('support.approve')}
      </Button>
      <Button size="compact-sm" variant="default" loading={decide.isPending && decide.variables === 'decline'} disabled={decide.isPending} onClick={() => decide.mutate('decline')} aria-label={t('support.declineOne', label)}>
        {t('support.decline')}
      </Button>
      {decide.isError && (
        <Text fz="xs" c="red" role="alert">
          {messageOf(decide.error)}
        </Text>
      )}
    </Group>
  );
}
