/**
 * A unit's stored settings (spec 000 §7 "Units", "Settings", "Pairing by QR code", "Alerts"):
 * inventory details of a group's units, services, the settings configuration (output channel,
 * multi channel), the group's unit settings, the alerts configuration and the pairing code.
 * Everything here is kept in the store across restarts. Bodies and answers: ours (docs/api.md).
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, CurrentGroup, RefTo } from './common.ts';
import { UnitParams, UnitQuery, UnitSettings } from './units.ts';
import { UnitServices } from './unitAdmin.ts';
import { AlertsConfiguration } from './alerts.ts';
import { OWNED_BY } from '../../domain/units/productTypes.ts';
import { SERVICE_NAMES } from '../../domain/services.ts';
import { ALERT_SEVERITIES, ALERT_TYPES } from '../../domain/units/interface.ts';

const TAGS = ['units', 'settings'] as const;

/** `groupId` of the group whose units the call is about (plus the current group). */
const GroupUnitsQuery = Schema.Struct({ groupId: Id, crnt_vcg_uid: Schema.optionalKey(CurrentGroup) });

/** A unit as the inventory details list it (spec 000 §7 v2/internal/inventory-unit-details). */
export const InventoryUnitDetails = Schema.Struct({
  uid: Id,
  name: Schema.String,
  serial: Schema.String,
  type: Schema.String,
  groupId: Schema.NullOr(Id),
  inventoryId: Schema.NullOr(Id),
  inventoryName: Schema.NullOr(Schema.String),
  ownedBy: Schema.String,
  comment: Schema.String,
});

export const inventoryUnitDetails = endpoint({
  method: 'GET',
  path: 'v2/internal/inventory-unit-details',
  summary: 'Inventory details (owner, inventory, comment) of a group’s units',
  tags: TAGS,
  query: GroupUnitsQuery,
  response: Schema.Array(InventoryUnitDetails),
});

export const updateInventoryUnitDetails = endpoint({
  method: 'PUT',
  path: 'v2/internal/inventory-unit-details',
  summary: 'Set the owner (lease, sold, psg, rent, r&d, inventory, roaming, engineering, demo) and comment of a unit of the group',
  tags: TAGS,
  query: GroupUnitsQuery,
  body: Schema.Struct({
    uid: RefTo('unit'),
    ownedBy: Schema.optionalKey(Schema.Literals(OWNED_BY)),
    comment: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(4096))),
  }),
  response: InventoryUnitDetails,
});

// ── Services ───────────────────────────────────────────────────────────────────────────────────

export const unitServices = endpoint({
  method: 'GET',
  path: 'v2/units/{id}/services',
  summary: 'Services enabled on a unit',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: UnitServices,
});

export const addUnitService = endpoint({
  method: 'POST',
  path: 'v2/units/{id}/services',
  summary: 'Enable a service on a unit',
  tags: TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: Schema.Struct({ name: Schema.Literals(SERVICE_NAMES) }),
  response: UnitServices,
});

export const removeUnitService = endpoint({
  method: 'DELETE',
  path: 'v2/units/{id}/services/{svc}',
  summary: 'Remove a service from a unit (404 when it is not on the unit)',
  tags: TAGS,
  params: Schema.Struct({ id: Id, svc: Id }),
  query: UnitQuery,
  response: UnitServices,
});

// ── Settings configuration ─────────────────────────────────────────────────────────────────────

/** The output channel and the multi-channel list of a unit (channels of the unit's group). */
export const SettingsConfiguration = Schema.Struct({
  outputChannel: Schema.optionalKey(Schema.NullOr(Schema.String.check(Schema.isMaxLength(128)))),
  multiChannel: Schema.optionalKey(Schema.Array(Id).check(Schema.isMaxLength(16))),
});
export const SettingsConfigurationAnswer = Schema.Struct({ machineUid: Id, settingsConfiguration: SettingsConfiguration });

export const fetchSettingsConfiguration = endpoint({
  method: 'GET',
  path: 'settingsConfiguration/fetch',
  summary: 'Settings configuration (output channel, multi channel) of a unit',
  tags: TAGS,
  query: Schema.Struct({ machineUid: Id, crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  response: SettingsConfigurationAnswer,
});

export const addSettingsConfiguration = endpoint({
  method: 'POST',
  path: 'settingsConfiguration/add',
  summary: 'Store the settings configuration (output channel, multi channel) of a unit',
  tags: TAGS,
  query: UnitQuery,
  body: Schema.Struct({ machineUid: Id, ...SettingsConfiguration.fields }),
  response: SettingsConfigurationAnswer,
});

export const groupUnitSettings = endpoint({
  method: 'GET',
  path: 'v0/groups/units/settings',
  summary: 'Stored settings of every unit of a group',
  tags: TAGS,
  query: GroupUnitsQuery,
  response: Schema.Array(Schema.Struct({ uid: Id, name: Schema.String, settings: UnitSettings })),
});

// ── Alerts ─────────────────────────────────────────────────────────────────────────────────────

export const UnitAlertsAnswer = Schema.Struct({ uid: Id, configuration: AlertsConfiguration });

export const unitAlertsConfiguration = endpoint({
  method: 'GET',
  path: 'v2/units/{id}/alerts/configuration',
  summary: 'Alerts configuration of a unit (battery threshold %, camera disconnected, e-mail list)',
  tags: ['units', 'alerts'],
  params: UnitParams,
  query: UnitQuery,
  response: UnitAlertsAnswer,
});

export const updateUnitAlertsConfiguration = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/alerts/configuration',
  summary: 'Set the alerts configuration of a unit (the given parts replace the stored ones)',
  tags: ['units', 'alerts'],
  params: UnitParams,
  query: UnitQuery,
  body: AlertsConfiguration,
  response: UnitAlertsAnswer,
});

export const unitPossibleAlerts = endpoint({
  method: 'GET',
  path: 'v2/units/{id}/alerts/possibleconfiguration',
  summary: 'Alert types and severities a unit can be configured with',
  tags: ['units', 'alerts'],
  params: UnitParams,
  query: Schema.Struct({ mode: Schema.String.check(Schema.isMaxLength(64)), groupId: Schema.optionalKey(RefTo('group')), crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  response: Schema.Struct({
    uid: Id,
    mode: Schema.String,
    types: Schema.Array(Schema.Literals(ALERT_TYPES)),
    severities: Schema.Array(Schema.Literals(ALERT_SEVERITIES)),
    /** The battery threshold's bounds, %. */
    batteryThresholdPct: Schema.Struct({ min: Schema.Int, max: Schema.Int }),
  }),
});

// ── Pairing by QR code ─────────────────────────────────────────────────────────────────────────

/** spec 000 §3 "pairing code mode (temporary or persistent)". */
export const PAIRING_CODE_MODES = ['temporary', 'persistent'] as const;
export type PairingCodeMode = (typeof PAIRING_CODE_MODES)[number];
/** Digits of a pairing code (ours: the spec does not give its shape). */
export const PAIRING_CODE_DIGITS = 6;

export const PairingAnswer = Schema.Struct({
  uid: Id,
  mode: Schema.Literals(PAIRING_CODE_MODES),
  /** PAIRING_CODE_DIGITS digits; null when the unit has none (unpaired). */
  code: Schema.NullOr(Schema.String),
  createdAt: Schema.NullOr(EpochMs),
});

export const unpairUnit = endpoint({
  method: 'DELETE',
  path: 'v2/units/{id}/pairing',
  summary: 'Unpair a unit (forget its pairing code)',
  tags: ['units', 'pairing'],
  params: UnitParams,
  query: UnitQuery,
  response: PairingAnswer,
});

export const getPairingCode = endpoint({
  method: 'GET',
  path: 'v2/units/{id}/settings/pairingCode',
  summary: 'Pairing code (QR) of a unit and its mode (temporary or persistent)',
  tags: ['units', 'pairing'],
  params: UnitParams,
  query: UnitQuery,
  response: PairingAnswer,
});

export const setPairingCodeMode = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/settings/pairingCode',
  summary: 'Set the pairing code mode (temporary or persistent)',
  tags: ['units', 'pairing'],
  params: UnitParams,
  query: UnitQuery,
  body: Schema.Struct({ mode: Schema.Literals(PAIRING_CODE_MODES) }),
  response: PairingAnswer,
});

export const newPairingCode = endpoint({
  method: 'POST',
  path: 'v2/units/{id}/settings/pairingCode',
  summary: 'Generate a new pairing code (in the given mode, else the current one)',
  tags: ['units', 'pairing'],
  params: UnitParams,
  query: UnitQuery,
  body: Schema.Struct({ mode: Schema.optionalKey(Schema.Literals(PAIRING_CODE_MODES)) }),
  response: PairingAnswer,
});

export const UNIT_SETTINGS_ENDPOINTS = [
  inventoryUnitDetails,
  updateInventoryUnitDetails,
  unitServices,
  addUnitService,
  removeUnitService,
  fetchSettingsConfiguration,
  addSettingsConfiguration,
  groupUnitSettings,
  unitAlertsConfiguration,
  updateUnitAlertsConfiguration,
  unitPossibleAlerts,
  unpairUnit,
  getPairingCode,
  setPairingCodeMode,
  newPairingCode,
] as const;
