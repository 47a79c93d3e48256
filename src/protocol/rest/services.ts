/**
 * Managed services and trials, unit and licence activation (spec 001 §3 "Managed service", §4
 * "Service: not enabled, on trial, ...", §6 "A permission exists to give others access to unit and
 * licence activation", §7 "managed-services GET (plain and admin); services_status GET with
 * serviceName list; POST managed-services/trial", §9 trial terms). Body and answer shapes are not
 * shown in the spec: ours, named after the spec's fields (docs/api.md lists them).
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, IdParams, Page, PageQuery, PartOf, Ref, RefTo } from './common.ts';
import { PLAN_KINDS, SERVICE_DISPLAY_STATUSES, SERVICE_NAMES, SERVICE_STATE_VALUES, TRIAL_STATES, USAGE_KINDS } from '../../domain/services.ts';
import { USAGE_PROFILE_TYPES } from '../../domain/validation/usageProfiles.ts';

const TAGS = ['services'] as const;

export const ServiceName = Schema.Literals(SERVICE_NAMES);

/** Usage against the plan: MB (data) or hours (time); limit null = unlimited. */
export const ServiceUsage = Schema.Struct({ kind: Schema.Literals(USAGE_KINDS), used: Schema.Finite, limit: Schema.NullOr(Schema.Finite) });

/** One managed service of an inventory as the admin screens show it (src/domain/services.ts managedServiceView). */
export const ManagedService = Schema.Struct({
  serviceName: ServiceName,
  planKind: Schema.NullOr(Schema.Literals(PLAN_KINDS)),
  state: Schema.Literals(SERVICE_STATE_VALUES),
  trialState: Schema.NullOr(Schema.Literals(TRIAL_STATES)),
  trialStartedAt: Schema.NullOr(EpochMs),
  trialEndsAt: Schema.NullOr(EpochMs),
  trialAvailable: Schema.Boolean,
  usage: ServiceUsage,
  displayStatus: Schema.Literals(SERVICE_DISPLAY_STATUSES),
});
export type ManagedService = typeof ManagedService.Type;

export const InventoryServices = Schema.Struct({ inventoryId: Id, inventoryName: Schema.String, services: Schema.Array(ManagedService) });
export type InventoryServices = typeof InventoryServices.Type;

/** The plain listing (spec 002 §3 client configuration "managed services (serviceName, serviceStatus)"). */
export const ServiceStatusItem = Schema.Struct({ serviceName: ServiceName, serviceStatus: Schema.Literals(SERVICE_DISPLAY_STATUSES) });

export const InventoryQuery = Schema.Struct({ inventoryId: Id });

export const listManagedServices = endpoint({
  method: 'GET',
  path: 'managed-services',
  summary: 'The managed services of one of the caller’s inventories: name and status',
  tags: TAGS,
  query: InventoryQuery,
  response: Schema.Array(ServiceStatusItem),
});

export const adminManagedServices = endpoint({
  method: 'GET',
  path: 'v2/admin/managed-services',
  summary: 'Every managed service of one inventory with its plan, trial state, state and usage',
  tags: TAGS,
  query: InventoryQuery,
  response: InventoryServices,
});

export const servicesStatus = endpoint({
  method: 'GET',
  path: 'services_status',
  summary: 'The status of the named services (serviceName: a comma-separated list) in one inventory',
  tags: TAGS,
  query: Schema.Struct({ inventoryId: Id, serviceName: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(256)) }),
  response: Schema.Array(ServiceStatusItem),
});

export const startTrial = endpoint({
  method: 'POST',
  path: 'managed-services/trial',
  summary: 'Start the free trial of a service in an inventory (go plan, smart plan: 30 days; graphics: 10 hours within 30 days)',
  tags: TAGS,
  body: Schema.Struct({ inventoryId: Id, serviceName: ServiceName }),
  response: ManagedService,
  successStatus: 201,
});

// ── Unit and licence activation ────────────────────────────────────────────────────────────────

/** A unit of the inventory with its services (licences) and usage profile. */
export const ActivationUnit = Schema.Struct({
  id: Id,
  name: Schema.String,
  type: Schema.String,
  serial: Schema.String,
  groupName: Schema.NullOr(Schema.String),
  services: Schema.Array(ServiceName),
  usageProfileId: Schema.NullOr(Id),
  usageProfileName: Schema.NullOr(Schema.String),
  usageProfileType: Schema.NullOr(Schema.Literals(USAGE_PROFILE_TYPES)),
});
export type ActivationUnit = typeof ActivationUnit.Type;

export const ACTIVATION_SEARCH_KEYS = ['name', 'serial', 'type'] as const;
export const ACTIVATION_SORT_KEYS = ['name', 'serial', 'type'] as const;
export type ActivationSearchKey = (typeof ACTIVATION_SEARCH_KEYS)[number];
export type ActivationSortKey = (typeof ACTIVATION_SORT_KEYS)[number];

export const activationUnits = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories/{id}/activation',
  summary: 'Units of the inventory with their services and usage profile (the admin set, or a user the inventory’s admins granted it)',
  tags: TAGS,
  params: IdParams,
  query: PageQuery(ACTIVATION_SEARCH_KEYS, ACTIVATION_SORT_KEYS),
  response: Page(ActivationUnit),
});

export const setUnitActivation = endpoint({
  method: 'PUT',
  path: 'v2/admin/inventories/{id}/activation/{uid}',
  summary: 'Activate or deactivate one service on one unit of the inventory',
  tags: TAGS,
  params: Schema.Struct({ id: Id, uid: PartOf('unit of the inventory') }),
  body: Schema.Struct({ serviceName: ServiceName, active: Schema.Boolean }),
  response: ActivationUnit,
});

/** Who may use unit and licence activation in an inventory beside its admins. */
export const ActivationGrants = Schema.Struct({ inventoryId: Id, users: Schema.Array(Ref), mayUse: Schema.Boolean, mayGrant: Schema.Boolean });
export type ActivationGrants = typeof ActivationGrants.Type;

export const activationGrants = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories/{id}/activation/grants',
  summary: 'The users granted unit and licence activation in the inventory, and whether the caller may use and grant it',
  tags: TAGS,
  params: IdParams,
  response: ActivationGrants,
});

export const setActivationGrants = endpoint({
  method: 'PUT',
  path: 'v2/admin/inventories/{id}/activation/grants',
  summary: 'Replace the users granted unit and licence activation (users of the inventory; admin set)',
  tags: TAGS,
  params: IdParams,
  body: Schema.Struct({ userIds: Schema.Array(RefTo('user')).check(Schema.isMaxLength(500)) }),
  response: ActivationGrants,
});
