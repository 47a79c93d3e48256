/**
 * The badges of the support states (src/domain/support.ts), one colour per state everywhere: the
 * panel, the remote actions, access approvals, contractor and partner screens.
 */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccessApprovalState, RemoteActionStatus, SupportAccessStatus } from '../../domain/support.ts';

/** A badge beside text in a row keeps its whole word (Mantine cuts a squeezed label with an ellipsis). */
const NO_SHRINK = { flexShrink: 0 } as const;

const ACCESS_COLORS: Record<SupportAccessStatus, string> = { none: 'gray', active: 'teal', expired: 'orange', revoked: 'gray' };
const APPROVAL_COLORS: Record<AccessApprovalState, string> = { active: 'blue', expired: 'gray', used: 'teal' };
const ACTION_COLORS: Record<RemoteActionStatus, string> = { awaitingApproval: 'blue', done: 'teal', failed: 'red', declined: 'gray', expired: 'orange' };

export function AccessBadge({ status }: { readonly status: SupportAccessStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={ACCESS_COLORS[status]} size="sm" style={NO_SHRINK}>
      {t(`support.access.${status}`)}
    </Badge>
  );
}

export function ApprovalBadge({ state }: { readonly state: AccessApprovalState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={APPROVAL_COLORS[state]} size="sm" style={NO_SHRINK}>
      {t(`support.approvalState.${state}`)}
    </Badge>
  );
}

export function ActionStatusBadge({ status }: { readonly status: RemoteActionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={ACTION_COLORS[status]} size="sm" style={NO_SHRINK}>
      {t(`support.actionStatus.${status}`)}
    </Badge>
  );
}
