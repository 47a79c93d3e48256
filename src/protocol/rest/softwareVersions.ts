/**
 * Software Versions (/sw_version, admin set; spec 002 "Software version": version number,
 * description, release notes URL, supported devices, inventories; spec 002 §7 "software version
 * calls: paths not shown", so the paths are ours) and the target version of each unit (spec 000 §7
 * v2/admin/units/{id}/targetSwVersion/{v}, listed here with the version each unit runs).
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, Page, PageQuery, PartOf, Ref, RefTo, Removed, TextBetween } from './common.ts';

/** `{id}` of a software version (404 when there is none). */
const VersionParams = Schema.Struct({ id: PartOf('software version') });
import { PRODUCT_TYPES } from '../../domain/units/productTypes.ts';
import { SERVER_TYPES } from '../../domain/servers.ts';
import { SOFTWARE_VERSION_LIMITS } from '../../domain/softwareVersions.ts';
import { UPGRADE_STATES } from '../../domain/upgrade.ts';

const TAGS = ['softwareVersions'] as const;

/** The device types a version may list: the unit product types and the server types. */
export const SUPPORTED_DEVICE_TYPES = [...PRODUCT_TYPES, ...SERVER_TYPES] as const;

export const SoftwareVersionRow = Schema.Struct({
  id: Id,
  version: Schema.String,
  description: Schema.String,
  releaseNotesUrl: Schema.String,
  /** Empty: every device type. */
  supportedDevices: Schema.Array(Schema.String),
  /** Empty: every inventory. */
  inventories: Schema.Array(Ref),
  /** Units whose target is this version (within what the caller sees). */
  targetUnitCount: Schema.Int,
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type SoftwareVersionRow = typeof SoftwareVersionRow.Type;

export const SW_VERSION_SEARCH_KEYS = ['version', 'description'] as const;
export const SW_VERSION_SORT_KEYS = ['version', 'description', 'createdAt'] as const;
export type SwVersionSearchKey = (typeof SW_VERSION_SEARCH_KEYS)[number];
export type SwVersionSortKey = (typeof SW_VERSION_SORT_KEYS)[number];

export const SoftwareVersionFields = Schema.Struct({
  version: TextBetween(1, SOFTWARE_VERSION_LIMITS.version),
  description: Schema.optionalKey(TextBetween(0, SOFTWARE_VERSION_LIMITS.description)),
  releaseNotesUrl: Schema.optionalKey(TextBetween(0, SOFTWARE_VERSION_LIMITS.releaseNotesUrl)),
  supportedDevices: Schema.optionalKey(Schema.Array(Schema.Literals(SUPPORTED_DEVICE_TYPES)).check(Schema.isMaxLength(SOFTWARE_VERSION_LIMITS.supportedDevices))),
  inventoryIds: Schema.optionalKey(Schema.Array(RefTo('inventory')).check(Schema.isMaxLength(SOFTWARE_VERSION_LIMITS.inventories))),
});
export type SoftwareVersionFields = typeof SoftwareVersionFields.Type;

export const SoftwareVersionChanges = Schema.Struct({
  ...SoftwareVersionFields.fields,
  version: Schema.optionalKey(TextBetween(1, SOFTWARE_VERSION_LIMITS.version)),
});
export type SoftwareVersionChanges = typeof SoftwareVersionChanges.Type;

export const listSoftwareVersions = endpoint({
  method: 'GET',
  path: 'v2/admin/sw_versions',
  summary: 'Software versions offered to the caller’s inventories (every one for a super user), sorted as dotted numbers',
  tags: TAGS,
  query: PageQuery(SW_VERSION_SEARCH_KEYS, SW_VERSION_SORT_KEYS),
  response: Page(SoftwareVersionRow),
});

export const createSoftwareVersion = endpoint({
  method: 'POST',
  path: 'v2/admin/sw_versions',
  summary: 'Add a software version (3.5 to 9.0, unique), its description, release notes URL, supported devices and inventories',
  tags: TAGS,
  body: SoftwareVersionFields,
  response: SoftwareVersionRow,
  successStatus: 201,
});

export const updateSoftwareVersion = endpoint({
  method: 'PUT',
  path: 'v2/admin/sw_versions/{id}',
  summary: 'Change a software version',
  tags: TAGS,
  params: VersionParams,
  body: SoftwareVersionChanges,
  response: SoftwareVersionRow,
});

export const deleteSoftwareVersion = endpoint({
  method: 'DELETE',
  path: 'v2/admin/sw_versions/{id}',
  summary: 'Remove a software version (units keep the version they run)',
  tags: TAGS,
  params: VersionParams,
  response: Removed,
});

/** A unit with its version, its target and its last upgrade (the "target version per unit" list). */
export const UnitVersionRow = Schema.Struct({
  uid: Id,
  name: Schema.String,
  type: Schema.String,
  serial: Schema.String,
  groupName: Schema.String,
  swVersion: Schema.String,
  targetVersion: Schema.NullOr(Schema.String),
  upgradeState: Schema.NullOr(Schema.Literals(UPGRADE_STATES)),
  upgradeProgress: Schema.NullOr(Schema.Int),
});
export type UnitVersionRow = typeof UnitVersionRow.Type;

export const UNIT_VERSION_SEARCH_KEYS = ['name', 'serial', 'type', 'swVersion'] as const;

export const listUnitVersions = endpoint({
  method: 'GET',
  path: 'v2/admin/sw_versions/units',
  summary: 'The units the caller administers with their version, target version and last upgrade',
  tags: TAGS,
  query: PageQuery(UNIT_VERSION_SEARCH_KEYS),
  response: Page(UnitVersionRow),
});
