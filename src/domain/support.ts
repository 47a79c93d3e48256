/**
 * Device support access, remote actions and access approvals (spec 000 §6 "Support access to a
 * device is granted for 8 hours, then blocked automatically. Remote actions may need customer
 * approval."; 001 §4 "Access approval: active, expired, used"; 002 §9 "Support access to a device
 * lasts 8 hours"). Pure rules; every time is ms since the epoch and `now` is always a parameter,
 * so the server decides from stored timestamps alone (an expiry needs no timer and survives a
 * restart). The choices where the spec is silent are recorded in docs/domain.md "Support access".
 */
import { SUPPORT_ACCESS_MS, supportAccessState, type AccessApprovalState } from './services.ts';
import type { Roles } from './roles/roleSets.ts';

export { ACCESS_APPROVAL_STATES, SUPPORT_ACCESS_MS, type AccessApprovalState } from './services.ts';

/** The devices support access is granted to: a unit, or a media server (spec 001 §2 Devices: edit device, edit server). */
export const DEVICE_KINDS = ['unit', 'server'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/**
 * Remote actions support may run on a device (ours: the small set the fleet really performs
 * through the unit's own command paths): reboot (LuReboot: offline, then online) and send logs
 * (the unit's log upload, spec 000 §8 "Send logs"). A server has no remote action of its own here.
 */
export const REMOTE_ACTIONS = ['reboot', 'sendLogs'] as const;
export type RemoteActionName = (typeof REMOTE_ACTIONS)[number];

export const REMOTE_ACTIONS_OF: Readonly<Record<DeviceKind, readonly RemoteActionName[]>> = {
  unit: ['reboot', 'sendLogs'],
  server: [],
};

export const REMOTE_ACTION_LABELS = {
  reboot: 'Reboot',
  sendLogs: 'Send logs',
} as const satisfies Record<RemoteActionName, string>;

/**
 * What became of a remote action: waiting for the customer's approval, done (the device took it),
 * failed (the device refused: offline, busy), declined by the customer, or expired (nobody
 * approved it within the approval's 8 hours).
 */
export const REMOTE_ACTION_STATUSES = ['awaitingApproval', 'done', 'failed', 'declined', 'expired'] as const;
export type RemoteActionStatus = (typeof REMOTE_ACTION_STATUSES)[number];

/** What is stored: 'expired' is never stored, it follows from the time (remoteActionStatus). */
export type StoredRemoteActionStatus = Exclude<RemoteActionStatus, 'expired'>;

// ── Support access of a device ──────────────────────────────────────────────────────────────

/** The device's support access: never granted, active (within 8 h), expired (8 h passed), revoked early. */
export const SUPPORT_ACCESS_STATUSES = ['none', 'active', 'expired', 'revoked'] as const;
export type SupportAccessStatus = (typeof SUPPORT_ACCESS_STATUSES)[number];

/** The latest grant of a device as stored. */
export interface SupportGrantFacts {
  readonly grantedAt: number;
  readonly revokedAt: number | null;
}

/** When support loses the device: 8 hours after the grant, or the revocation if earlier. */
export function supportAccessEndsAt(grant: SupportGrantFacts): number {
  const expiry = grant.grantedAt + SUPPORT_ACCESS_MS;
  return grant.revokedAt === null ? expiry : Math.min(expiry, grant.revokedAt);
}

/**
 * The device's support access now. A revocation counts from its time (a revocation after the 8
 * hours changes nothing: the access had already expired).
 */
export function supportAccessStatus(grant: SupportGrantFacts | null, now: number): SupportAccessStatus {
  if (grant === null) return 'none';
  if (grant.revokedAt !== null && grant.revokedAt <= now && grant.revokedAt < grant.grantedAt + SUPPORT_ACCESS_MS) return 'revoked';
  return supportAccessState(grant.grantedAt, now) === 'active' ? 'active' : 'expired';
}

/** Time left of an active access (ms), 0 otherwise. */
export function supportAccessRemainingMs(grant: SupportGrantFacts | null, now: number): number {
  if (grant === null || supportAccessStatus(grant, now) !== 'active') return 0;
  return Math.max(0, supportAccessEndsAt(grant) - now);
}

// ── Access approvals ────────────────────────────────────────────────────────────────────────

/**
 * An access approval as stored: the request of one remote action waiting for the customer.
 * usedAt: approved (the action ran); declinedAt: the customer said no.
 */
export interface ApprovalFacts {
  readonly requestedAt: number;
  readonly usedAt: number | null;
  readonly declinedAt: number | null;
}

/** Ours: a request waits for the customer as long as a grant lasts (8 hours), then expires. */
export const ACCESS_APPROVAL_ACTIVE_MS = SUPPORT_ACCESS_MS;

export function approvalExpiresAt(requestedAt: number): number {
  return requestedAt + ACCESS_APPROVAL_ACTIVE_MS;
}

/**
 * Spec 001 §4 "Access approval: active, expired, used": used once approved (whatever the time);
 * a declined request is closed for good, so it reads as expired; otherwise active for 8 hours
 * from the request.
 */
export function accessApprovalState(approval: ApprovalFacts, now: number): AccessApprovalState {
  if (approval.usedAt !== null) return 'used';
  if (approval.declinedAt !== null) return 'expired';
  return supportAccessState(approval.requestedAt, now);
}

/** A remote action's status now: one waiting for an approval that has expired is expired. */
export function remoteActionStatus(stored: StoredRemoteActionStatus, approval: ApprovalFacts | null, now: number): RemoteActionStatus {
  if (stored === 'awaitingApproval' && approval !== null && accessApprovalState(approval, now) === 'expired') return 'expired';
  return stored;
}

/** Spec 000 §6 "Remote actions may need customer approval": they do when the device's support access is not active. */
export function remoteActionNeedsApproval(access: SupportAccessStatus): boolean {
  return access !== 'active';
}

// ── Who does what (the permissions table says who may call; these say how far they reach) ──

/**
 * How far a support user reaches: super users and staff (the vendor's support, spec 002 §6) every
 * customer's devices; partners (PartnerRemoteActions, /support) the devices of the inventories
 * they serve; others only their own inventories' devices.
 */
export function supportReachesEverywhere(roles: Roles): boolean {
  return roles.includes('super_user') || roles.includes('staff');
}

// ── Refusals (ours: the spec shows no words for these) ─────────────────────────────────────

export const SUPPORT_MESSAGES = {
  actionNotForDevice: (action: RemoteActionName, kind: DeviceKind) => `${REMOTE_ACTION_LABELS[action]} is not a remote action of a ${kind}`,
  alreadyWaiting: (action: RemoteActionName) => `A request to ${REMOTE_ACTION_LABELS[action].toLowerCase()} this device is already waiting for the customer's approval`,
  approvalExpired: 'This access approval has expired',
  approvalUsed: 'This access approval was already used',
  accessNotActive: 'Support access to this device is not active',
  deviceNotFound: (kind: DeviceKind, id: string) => `${kind === 'unit' ? 'Unit' : 'Server'} '${id.slice(0, 64)}' not found`,
  approvalNotFound: (id: string) => `Access approval '${id.slice(0, 64)}' not found`,
} as const;

/** Why an approval cannot be decided now, or null when it is active. */
export function approvalDecisionRefusal(approval: ApprovalFacts, now: number): string | null {
  switch (accessApprovalState(approval, now)) {
    case 'active':
      return null;
    case 'used':
      return SUPPORT_MESSAGES.approvalUsed;
    case 'expired':
      return SUPPORT_MESSAGES.approvalExpired;
  }
}

/** What a device that took the action answers (ours), shown as the action's result. */
export const REMOTE_ACTION_DONE_RESULTS = {
  reboot: 'The unit is rebooting: it goes offline, then comes back online',
  sendLogs: 'The unit is sending its logs',
} as const satisfies Record<RemoteActionName, string>;

/** Longest note support may add to a remote action (characters). */
export const REMOTE_ACTION_NOTE_MAX = 500;
