/**
 * Unit administration (spec 000 §6 "Unit administration calls live under the admin path", §7
 * "Administration of units", "Inventory and group links"): create, read, edit, delete units; SIP
 * accounts; LU-Smart settings; services; the target software version; client applications;
 * deregistration; and the links of a unit to an inventory and a group. Bodies and answers: ours
 * (docs/api.md "Units").
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, IntBetween, MAX_PAGE_LIMIT, MAX_PAGE_OFFSET, CurrentGroup, RefTo, NotARef } from './common.ts';
import { NumberInput, UnitParams, UnitQuery, UnitView, UnitWithSettings } from './units.ts';
import { OWNED_BY, PRODUCT_TYPES } from '../../domain/units/productTypes.ts';
import { ADHOC_PERIODS } from '../../domain/validation/invites.ts';
import { SERVICE_NAMES } from '../../domain/services.ts';
import { OS_REINSTALL_REASONS } from '../../domain/upgrade.ts';

const TAGS = ['units', 'admin'] as const;
const LINK_TAGS = ['units', 'links'] as const;

/** A new unit's id when the caller picks it (else the server draws `U` + 12 hex digits). */
const NewUnitId = Schema.String.check(Schema.isMaxLength(64), Schema.isPattern(/^[A-Za-z0-9_-]{1,64}$/)).annotate({ description: '1-64 letters, digits, _ or -' });

/**
 * A new unit: in a group of the caller (`groupId`), or in an inventory of the caller
 * (`inventoryId`, no group given): it then joins the inventory's group with unit auto association
 * on (spec 002 §3), or no group when there is none.
 */
export const NewUnit = Schema.Struct({
  uid: Schema.optionalKey(NotARef('the uid of the unit the call creates', NewUnitId)),
  name: Schema.String.check(Schema.isMaxLength(1024)),
  type: Schema.Literals(PRODUCT_TYPES),
  /** XNXXXNNNN or XXXXXNNNN (spec 000 §5). */
  serial: Schema.String.check(Schema.isMaxLength(64)),
  groupId: Schema.optionalKey(RefTo('group')),
  inventoryId: Schema.optionalKey(RefTo('inventory')),
  /** Dotted, default 8.5.0. */
  swVersion: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(32))),
  comment: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(4096))),
  lat: Schema.optionalKey(Schema.Finite.check(Schema.isBetween({ minimum: -90, maximum: 90 }))),
  lng: Schema.optionalKey(Schema.Finite.check(Schema.isBetween({ minimum: -180, maximum: 180 }))),
});
export type NewUnit = typeof NewUnit.Type;

export const createUnit = endpoint({
  method: 'POST',
  path: 'v2/admin/units',
  summary: 'Create a unit in a group or an inventory of the caller (name unique; serial XNXXXNNNN or XXXXXNNNN); it joins the fleet (unit.added)',
  tags: TAGS,
  query: UnitQuery,
  body: NewUnit,
  response: UnitView,
  successStatus: 201,
});

export const getAdminUnit = endpoint({
  method: 'GET',
  path: 'v2/admin/units/{id}',
  summary: 'A unit (admin view, with settings)',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: UnitWithSettings,
});

export const AdminUnitChanges = Schema.Struct({
  name: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(1024))),
  comment: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(4096))),
  metadata: Schema.optionalKey(Schema.Record(Schema.String, Schema.String.check(Schema.isMaxLength(65_536))).check(Schema.isMaxProperties(64))),
  /** spec 000 §3 owner: lease, sold, psg, rent, r&d, inventory, roaming, engineering, demo. */
  ownedBy: Schema.optionalKey(Schema.Literals(OWNED_BY)),
  /** Under a service level agreement (spec 000 §5: upgrades need it). */
  underSla: Schema.optionalKey(Schema.Boolean),
});
export type AdminUnitChanges = typeof AdminUnitChanges.Type;

export const updateAdminUnit = endpoint({
  method: 'PUT',
  path: 'v2/admin/units/{id}',
  summary: 'Edit a unit: name, comment, metadata, owner, SLA',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: AdminUnitChanges,
  response: UnitWithSettings,
});

export const deleteUnit = endpoint({
  method: 'DELETE',
  path: 'v2/admin/units/{id}',
  summary: 'Delete a unit (it leaves the fleet: unit.removed)',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: Schema.Struct({ uid: Id, deleted: Schema.Literal(true) }),
});

/** A unit's SIP account (intercom, IFB): made on first read. */
export const SipAccount = Schema.Struct({ username: Schema.String, domain: Schema.String, displayName: Schema.String, enabled: Schema.Boolean });
export const SipAccountAnswer = Schema.Struct({ uid: Id, sipAccount: SipAccount });

export const adminUnitSipAccount = endpoint({
  method: 'GET',
  path: 'v2/admin/units/{id}/sipAccount',
  summary: 'SIP account of a unit (intercom, IFB), admin',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: SipAccountAnswer,
});

export const unitSipAccount = endpoint({
  method: 'GET',
  path: 'v2/units/{id}/sipAccount',
  summary: 'SIP account of a unit (intercom, IFB)',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: SipAccountAnswer,
});

/** LU-Smart / LU-Lite settings: bandwidth limit kbps (0 = none, else 1000-20000), expiration period. */
export const SmartUnitSettings = Schema.Struct({
  uid: Id,
  bandwidthLimitKbps: Schema.Finite,
  expiration: Schema.NullOr(Schema.Literals(ADHOC_PERIODS)),
});

export const getSmartUnit = endpoint({
  method: 'GET',
  path: 'v2/admin/smartunit/{id}',
  summary: 'LU-Smart / LU-Lite settings (bandwidth limit kbps: 0 = none, else 1000-20000); 404 for other unit types',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: SmartUnitSettings,
});

export const updateSmartUnit = endpoint({
  method: 'PUT',
  path: 'v2/admin/smartunit/{id}',
  summary: 'Set LU-Smart / LU-Lite settings',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: Schema.Struct({ bandwidthLimitKbps: Schema.optionalKey(NumberInput), expiration: Schema.optionalKey(Schema.NullOr(Schema.Literals(ADHOC_PERIODS))) }),
  response: SmartUnitSettings,
});

/** A service enabled on a unit (spec 002 §3 services), since `addedAt`. */
export const UnitService = Schema.Struct({ name: Schema.Literals(SERVICE_NAMES), enabled: Schema.Boolean, addedAt: EpochMs });
export type UnitService = typeof UnitService.Type;
export const UnitServices = Schema.Struct({ uid: Id, services: Schema.Array(UnitService) });

export const adminUnitServices = endpoint({
  method: 'GET',
  path: 'v2/admin/units/{id}/services',
  summary: 'Services of a unit (admin)',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: UnitServices,
});

export const setTargetVersion = endpoint({
  method: 'PUT',
  path: 'v2/admin/units/{id}/targetSwVersion/{v}',
  summary: 'Set the target software version and start the upgrade (400 with code 6802 target not allowed, 6810 hardware)',
  tags: TAGS,
  params: Schema.Struct({ id: Id, v: Id }),
  query: UnitQuery,
  response: Schema.Struct({
    uid: Id,
    targetVersion: Schema.String,
    /** The target is 8.x or lower and older: the unit goes down by itself. */
    automaticDowngrade: Schema.optionalKey(Schema.Boolean),
    /** The move needs an OS reinstall and support. */
    needsOsReinstall: Schema.optionalKey(Schema.Boolean),
    osReinstallReason: Schema.optionalKey(Schema.Literals(OS_REINSTALL_REASONS)),
    notice: Schema.optionalKey(Schema.String),
  }),
});

export const listApplications = endpoint({
  method: 'GET',
  path: 'v2/admin/applications',
  summary: 'Registered client applications',
  tags: TAGS,
  query: UnitQuery,
  response: Schema.Array(Schema.Struct({ applicationId: Schema.String, name: Schema.String, active: Schema.Boolean, createdAt: EpochMs })),
});

export const deregisterUnit = endpoint({
  method: 'POST',
  path: 'v2/admin/units/{id}/deregistration',
  summary: 'Deregister a unit: it leaves its group, its inventory and the live fleet',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: UnitView,
});

// ── Inventory and group links ──────────────────────────────────────────────────────────────────

/** `{inv}/units/{id}`. */
export const InventoryUnitParams = Schema.Struct({ inv: Id, id: RefTo('unit') });
/** `{gid}/units/{id}`. */
export const GroupUnitParams = Schema.Struct({ gid: Id, id: RefTo('unit') });

/** limit (default 50, ≤ 500) and offset of the unit's association lists. */
export const UnitRangeQuery = Schema.Struct({
  limit: Schema.optionalKey(IntBetween(1, MAX_PAGE_LIMIT)),
  offset: Schema.optionalKey(IntBetween(0, MAX_PAGE_OFFSET)),
  crnt_vcg_uid: Schema.optionalKey(CurrentGroup),
});

const pageOf = <S extends Schema.Top>(item: S) =>
  Schema.Struct({ total: Schema.Int, limit: Schema.Int, offset: Schema.Int, items: Schema.Array(item) });

export const linkUnitToInventory = endpoint({
  method: 'PUT',
  path: 'v2/admin/inventories/{inv}/units/{id}',
  summary: 'Link a unit to an inventory (it leaves a group of another inventory)',
  tags: LINK_TAGS,
  params: InventoryUnitParams,
  query: UnitQuery,
  response: UnitView,
});

export const unlinkUnitFromInventory = endpoint({
  method: 'DELETE',
  path: 'v2/admin/inventories/{inv}/units/{id}',
  summary: 'Unlink a unit from its inventory (and its group)',
  tags: LINK_TAGS,
  params: InventoryUnitParams,
  query: UnitQuery,
  response: UnitView,
});

export const unitInventories = endpoint({
  method: 'GET',
  path: 'v2/admin/units/{id}/inventories',
  summary: 'Inventories of a unit (paged; a unit is in at most one)',
  tags: LINK_TAGS,
  params: UnitParams,
  query: UnitRangeQuery,
  response: pageOf(Schema.Struct({ id: Id, name: Schema.String })),
});

export const adminUnitGroups = endpoint({
  method: 'GET',
  path: 'v2/admin/units/{id}/groups',
  summary: 'Groups of a unit (paged; a unit is in at most one)',
  tags: LINK_TAGS,
  params: UnitParams,
  query: UnitRangeQuery,
  response: pageOf(Schema.Struct({ uid: Id, name: Schema.String, inventoryId: Id })),
});

export const unitGroupsOfInventories = endpoint({
  method: 'GET',
  path: 'v2/admin/units/{id}/groups/ofInventories',
  summary: 'Groups of the unit’s inventory the caller belongs to (where the unit may be linked)',
  tags: LINK_TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: Schema.Array(Schema.Struct({ uid: Id, name: Schema.String, inventoryId: Id, linked: Schema.Boolean })),
});

export const linkUnitToGroup = endpoint({
  method: 'PUT',
  path: 'v2/admin/groups/{gid}/units/{id}',
  summary: 'Link a unit to a group (of the caller); the unit takes the group’s inventory',
  tags: LINK_TAGS,
  params: GroupUnitParams,
  query: UnitQuery,
  response: UnitView,
});

export const unlinkUnitFromGroup = endpoint({
  method: 'DELETE',
  path: 'v2/admin/groups/{gid}/units/{id}',
  summary: 'Unlink a unit from a group (it stays in its inventory)',
  tags: LINK_TAGS,
  params: GroupUnitParams,
  query: UnitQuery,
  response: UnitView,
});

export const removeAdhocUnit = endpoint({
  method: 'DELETE',
  path: 'groups/{gid}/adhoc/units/{id}',
  summary: 'Remove an ad-hoc LU-Smart or LU-Lite unit from the group (and the fleet)',
  tags: LINK_TAGS,
  params: GroupUnitParams,
  query: UnitQuery,
  response: Schema.Struct({ uid: Id, removed: Schema.Literal(true) }),
});

export const UNIT_ADMIN_ENDPOINTS = [
  createUnit,
  getAdminUnit,
  updateAdminUnit,
  deleteUnit,
  adminUnitSipAccount,
  unitSipAccount,
  getSmartUnit,
  updateSmartUnit,
  adminUnitServices,
  setTargetVersion,
  listApplications,
  deregisterUnit,
  linkUnitToInventory,
  unlinkUnitFromInventory,
  unitInventories,
  adminUnitGroups,
  unitGroupsOfInventories,
  linkUnitToGroup,
  unlinkUnitFromGroup,
  removeAdhocUnit,
] as const;
