/**
 * Device support access, remote actions and access approvals (spec 000 §6, 001 §4, 002 §2 §6 §9;
 * issue 12 item 7, issue 14 items 5-6). The spec shows no calls for them: paths, bodies and
 * answers are ours, under v2/support (docs/api.md "Support access"). Every time is ms since the
 * epoch; states are computed by the server from stored times (src/domain/support.ts).
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, NotARef, Page, PageQuery, PartOf, TextBetween } from './common.ts';

/** `{id}` of an access approval the caller may see (404 otherwise). */
const ApprovalParams = Schema.Struct({ id: PartOf('access approval') });
import { ACCESS_APPROVAL_STATES, DEVICE_KINDS, REMOTE_ACTION_NOTE_MAX, REMOTE_ACTION_STATUSES, REMOTE_ACTIONS, SUPPORT_ACCESS_STATUSES } from '../../domain/support.ts';

const TAGS = ['support'] as const;

export const DeviceKindSchema = Schema.Literals(DEVICE_KINDS);
export const RemoteActionNameSchema = Schema.Literals(REMOTE_ACTIONS);

/** `{kind}/{id}` of a device. */
export const DeviceParams = Schema.Struct({ kind: DeviceKindSchema, id: PartOf('unit or server (as deviceKind says) of the inventories the caller supports') });

/** A device's support access now. */
export const SupportAccess = Schema.Struct({
  status: Schema.Literals(SUPPORT_ACCESS_STATUSES),
  grantedAt: Schema.NullOr(EpochMs),
  /** Username of the customer admin who granted it. */
  grantedBy: Schema.NullOr(Schema.String),
  /** When support loses the device: 8 hours after the grant, or the revocation. */
  endsAt: Schema.NullOr(EpochMs),
  revokedBy: Schema.NullOr(Schema.String),
  /** ms left of an active access, 0 otherwise. */
  remainingMs: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
});
export type SupportAccess = typeof SupportAccess.Type;

/** A device as the support lists show it. */
export const SupportDevice = Schema.Struct({
  kind: DeviceKindSchema,
  id: Id,
  name: Schema.String,
  /** Product type of a unit, server type of a server. */
  type: Schema.String,
  inventoryId: Schema.NullOr(Id),
  inventoryName: Schema.String,
  access: SupportAccess,
  /** Access approvals of the device waiting for the customer. */
  pendingApprovals: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  /** The remote actions support may run on it. */
  actions: Schema.Array(RemoteActionNameSchema),
});
export type SupportDevice = typeof SupportDevice.Type;

export const SUPPORT_DEVICE_SEARCH_KEYS = ['name', 'inventoryName'] as const;
export const SUPPORT_DEVICE_SORT_KEYS = ['name', 'inventoryName', 'kind'] as const;
export type SupportDeviceSearchKey = (typeof SUPPORT_DEVICE_SEARCH_KEYS)[number];
export type SupportDeviceSortKey = (typeof SUPPORT_DEVICE_SORT_KEYS)[number];

export const SupportDeviceQuery = Schema.Struct({
  ...PageQuery(SUPPORT_DEVICE_SEARCH_KEYS, SUPPORT_DEVICE_SORT_KEYS).fields,
  kind: Schema.optionalKey(DeviceKindSchema),
  access: Schema.optionalKey(Schema.Literals(SUPPORT_ACCESS_STATUSES)),
});
export const SupportDevicePage = Page(SupportDevice);

/** What a remote action and its access approval both say: the device, the action, who asked and when. */
const ActionRequestFields = {
  deviceKind: DeviceKindSchema,
  deviceId: Id,
  deviceName: Schema.String,
  inventoryId: Schema.NullOr(Id),
  inventoryName: Schema.String,
  action: RemoteActionNameSchema,
  note: Schema.String,
  requestedBy: Schema.String,
  requestedAt: EpochMs,
};

/** A remote action and what became of it. */
export const RemoteAction = Schema.Struct({
  id: Id,
  ...ActionRequestFields,
  status: Schema.Literals(REMOTE_ACTION_STATUSES),
  /** What the device answered (accepted, or the refusal's message); '' while waiting. */
  result: Schema.String,
  finishedAt: Schema.NullOr(EpochMs),
  /** The access approval it waits for (or waited for); null when it ran under support access. */
  approvalId: Schema.NullOr(Id),
});
export type RemoteAction = typeof RemoteAction.Type;

export const REMOTE_ACTION_SEARCH_KEYS = ['deviceName', 'inventoryName', 'requestedBy'] as const;
export const REMOTE_ACTION_SORT_KEYS = ['requestedAt', 'deviceName', 'inventoryName', 'action'] as const;
export type RemoteActionSearchKey = (typeof REMOTE_ACTION_SEARCH_KEYS)[number];
export type RemoteActionSortKey = (typeof REMOTE_ACTION_SORT_KEYS)[number];

/** The device filter both lists take: one kind, or one device (not a reference: it only narrows what the caller sees). */
const deviceFilter = (meaning: string) => ({
  deviceKind: Schema.optionalKey(DeviceKindSchema),
  deviceId: Schema.optionalKey(NotARef(meaning)),
});

export const RemoteActionQuery = Schema.Struct({
  ...PageQuery(REMOTE_ACTION_SEARCH_KEYS, REMOTE_ACTION_SORT_KEYS).fields,
  status: Schema.optionalKey(Schema.Literals(REMOTE_ACTION_STATUSES)),
  ...deviceFilter('a filter over the caller’s own remote actions'),
});
export const RemoteActionPage = Page(RemoteAction);

export const NewRemoteAction = Schema.Struct({
  deviceKind: DeviceKindSchema,
  deviceId: PartOf('unit or server (as deviceKind says) of the inventories the caller supports'),
  action: RemoteActionNameSchema,
  note: Schema.optionalKey(TextBetween(0, REMOTE_ACTION_NOTE_MAX)),
});
export type NewRemoteAction = typeof NewRemoteAction.Type;

/** An access approval (spec 001 §4: active, expired, used) with the action it is for. */
export const AccessApproval = Schema.Struct({
  id: Id,
  state: Schema.Literals(ACCESS_APPROVAL_STATES),
  ...ActionRequestFields,
  /** Active until then (8 hours after the request). */
  expiresAt: EpochMs,
  /** Who approved or declined, and when; null while active or once expired unanswered. */
  decidedBy: Schema.NullOr(Schema.String),
  decidedAt: Schema.NullOr(EpochMs),
  decision: Schema.NullOr(Schema.Literals(['approved', 'declined'])),
  remoteActionId: Id,
  remoteActionStatus: Schema.Literals(REMOTE_ACTION_STATUSES),
  remoteActionResult: Schema.String,
});
export type AccessApproval = typeof AccessApproval.Type;

export const ACCESS_APPROVAL_SEARCH_KEYS = ['deviceName', 'inventoryName', 'requestedBy'] as const;
export const ACCESS_APPROVAL_SORT_KEYS = ['requestedAt', 'deviceName', 'inventoryName'] as const;
export type AccessApprovalSearchKey = (typeof ACCESS_APPROVAL_SEARCH_KEYS)[number];
export type AccessApprovalSortKey = (typeof ACCESS_APPROVAL_SORT_KEYS)[number];

export const AccessApprovalQuery = Schema.Struct({
  ...PageQuery(ACCESS_APPROVAL_SEARCH_KEYS, ACCESS_APPROVAL_SORT_KEYS).fields,
  state: Schema.optionalKey(Schema.Literals(ACCESS_APPROVAL_STATES)),
  ...deviceFilter('a filter over the access approvals the caller sees'),
});
export const AccessApprovalPage = Page(AccessApproval);

/** A device's support picture: its access, its approvals waiting and its latest remote actions. */
export const DeviceSupport = Schema.Struct({
  device: SupportDevice,
  /** Active access approvals of the device, newest first. */
  approvals: Schema.Array(AccessApproval),
  /** Its latest remote actions (at most 10), newest first. */
  recentActions: Schema.Array(RemoteAction),
});
export type DeviceSupport = typeof DeviceSupport.Type;

const NoBody = Schema.Struct({});

// ── Calls ───────────────────────────────────────────────────────────────────────────────────

export const listSupportDevices = endpoint({
  method: 'GET',
  path: 'v2/support/devices',
  summary: 'Devices (units and servers) the caller reaches with their support access, paged, searched, filtered by kind and access',
  tags: TAGS,
  query: SupportDeviceQuery,
  response: SupportDevicePage,
});

export const getDeviceSupport = endpoint({
  method: 'GET',
  path: 'v2/support/devices/{kind}/{id}',
  summary: 'A device’s support access, its access approvals waiting and its latest remote actions',
  tags: TAGS,
  params: DeviceParams,
  response: DeviceSupport,
});

export const grantSupportAccess = endpoint({
  method: 'POST',
  path: 'v2/support/devices/{kind}/{id}/access',
  summary: 'Grant support access to the device for 8 hours from now (spec 000 §6); a grant while active starts the 8 hours again',
  tags: TAGS,
  params: DeviceParams,
  body: NoBody,
  response: DeviceSupport,
});

export const revokeSupportAccess = endpoint({
  method: 'DELETE',
  path: 'v2/support/devices/{kind}/{id}/access',
  summary: 'Revoke the device’s active support access before its 8 hours end',
  tags: TAGS,
  params: DeviceParams,
  response: DeviceSupport,
});

export const listRemoteActions = endpoint({
  method: 'GET',
  path: 'v2/support/remote_actions',
  summary: 'Remote actions on the devices the caller reaches, newest first by default, filtered by status and device',
  tags: TAGS,
  query: RemoteActionQuery,
  response: RemoteActionPage,
});

export const createRemoteAction = endpoint({
  method: 'POST',
  path: 'v2/support/remote_actions',
  summary: 'Run a remote action on a device: at once under active support access, else an access approval for the customer (spec 000 §6)',
  tags: TAGS,
  body: NewRemoteAction,
  response: RemoteAction,
  successStatus: 201,
});

export const listAccessApprovals = endpoint({
  method: 'GET',
  path: 'v2/support/access_approvals',
  summary: 'Access approvals (active, expired, used: spec 001 §4) of the devices the caller reaches, filtered by state',
  tags: TAGS,
  query: AccessApprovalQuery,
  response: AccessApprovalPage,
});

export const approveAccessApproval = endpoint({
  method: 'POST',
  path: 'v2/support/access_approvals/{id}/approve',
  summary: 'The customer approves: the remote action runs and the approval is used',
  tags: TAGS,
  params: ApprovalParams,
  body: NoBody,
  response: AccessApproval,
});

export const declineAccessApproval = endpoint({
  method: 'POST',
  path: 'v2/support/access_approvals/{id}/decline',
  summary: 'The customer declines: the approval closes (expired) and the remote action is declined',
  tags: TAGS,
  params: ApprovalParams,
  body: NoBody,
  response: AccessApproval,
});
