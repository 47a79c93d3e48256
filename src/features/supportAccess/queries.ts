/**
 * The support calls of the console (src/protocol/rest/support.ts), shared by the support access
 * panel, the remote actions, access approvals, contractor and partner screens. One key root, so a
 * write (grant, approve, request) makes every support list stale at once.
 */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import type { PageRequest } from '../../protocol/rest/common.ts';
import * as support from '../../protocol/rest/support.ts';
import type { AccessApprovalSearchKey, AccessApprovalSortKey, NewRemoteAction, RemoteActionSearchKey, RemoteActionSortKey, SupportDeviceSearchKey, SupportDeviceSortKey } from '../../protocol/rest/support.ts';
import type { AccessApprovalState, DeviceKind, RemoteActionStatus, SupportAccessStatus } from '../../domain/support.ts';

/**
 * How often support lists and the panel ask again (ms): states change with the time (8 hours)
 * and with the other side's decisions, so a waiting approval shows as used soon after.
 */
export const SUPPORT_REFETCH_MS = 10_000;

export const supportKeys = {
  all: ['support'] as const,
  device: (kind: DeviceKind, id: string) => ['support', 'device', kind, id] as const,
  devices: ['support', 'devices'] as const,
  actions: ['support', 'actions'] as const,
  approvals: ['support', 'approvals'] as const,
};

export const fetchDeviceSupport = (kind: DeviceKind, id: string, signal?: AbortSignal) => call(support.getDeviceSupport, { params: { kind, id } }, signal ? { signal } : {});
export const grantAccess = (kind: DeviceKind, id: string) => call(support.grantSupportAccess, { params: { kind, id }, body: {} });
export const revokeAccess = (kind: DeviceKind, id: string) => call(support.revokeSupportAccess, { params: { kind, id } });
export const approve = (id: string) => call(support.approveAccessApproval, { params: { id }, body: {} });
export const decline = (id: string) => call(support.declineAccessApproval, { params: { id }, body: {} });
export const requestRemoteAction = (body: NewRemoteAction) => call(support.createRemoteAction, { body });

export const fetchDevicePage = (request: PageRequest<SupportDeviceSearchKey, SupportDeviceSortKey> & { kind?: DeviceKind; access?: SupportAccessStatus }, signal: AbortSignal) =>
  call(support.listSupportDevices, { query: request }, { signal });

export const fetchRemoteActionPage = (request: PageRequest<RemoteActionSearchKey, RemoteActionSortKey> & { status?: RemoteActionStatus }, signal: AbortSignal) =>
  call(support.listRemoteActions, { query: request }, { signal });

export const fetchApprovalPage = (request: PageRequest<AccessApprovalSearchKey, AccessApprovalSortKey> & { state?: AccessApprovalState }, signal: AbortSignal) =>
  call(support.listAccessApprovals, { query: request }, { signal });

export function invalidateSupport(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: supportKeys.all });
}

/** "5 h 12 min" from ms (the time left of an access). */
export function hoursMinutes(ms: number): { hours: number; minutes: number } {
  const minutes = Math.ceil(ms / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
