/**
 * System settings (spec 001 §3, 002 §2 /system_settings tabs client_application, modem_vendor,
 * ai_settings; super user and staff): the client applications the `Application-Id` header is
 * checked against, the modem vendor/model list (VID and PID values and names) and the AI
 * credentials. Paths and shapes are ours (the spec shows none); docs/api.md lists them.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, Page, PageQuery, PartOf, Removed, TextBetween } from './common.ts';

/** `{id}` of a client application of the registry / a modem vendor entry (404 when there is none). */
const ClientApplicationParams = Schema.Struct({ id: PartOf('client application of the registry') });
const ModemVendorParams = Schema.Struct({ id: PartOf('modem vendor entry') });
import { AI_TEXT_MAX_LENGTH, RTMP_URL_MAX_LENGTH, SETTING_NAME_MAX_LENGTH } from '../../domain/systemSettings.ts';

const TAGS = ['systemSettings'] as const;

/** What a name field accepts on the wire (the domain trims and checks it: systemSettings.ts). */
const SettingName = TextBetween(1, SETTING_NAME_MAX_LENGTH);
/** A VID or PID as typed: the domain checks the 4 hex digits (with a field message). */
const HexId = TextBetween(1, 8);

// ── Client applications ───────────────────────────────────────────────────────────────────────

export const ClientApplicationRow = Schema.Struct({
  /** The value callers send as `Application-Id`. */
  applicationId: Id,
  name: Schema.String,
  active: Schema.Boolean,
  /** True for the console's own application (it cannot be deactivated or deleted). */
  builtIn: Schema.Boolean,
  createdAt: EpochMs,
});
export type ClientApplicationRow = typeof ClientApplicationRow.Type;

export const CLIENT_APPLICATION_SEARCH_KEYS = ['name', 'applicationId'] as const;
export const CLIENT_APPLICATION_SORT_KEYS = ['name', 'applicationId', 'active', 'createdAt'] as const;
export type ClientApplicationSearchKey = (typeof CLIENT_APPLICATION_SEARCH_KEYS)[number];
export type ClientApplicationSortKey = (typeof CLIENT_APPLICATION_SORT_KEYS)[number];

export const NewClientApplication = Schema.Struct({ name: SettingName, active: Schema.optionalKey(Schema.Boolean) });
export type NewClientApplication = typeof NewClientApplication.Type;
export const ClientApplicationChanges = Schema.Struct({ name: Schema.optionalKey(SettingName), active: Schema.optionalKey(Schema.Boolean) });
export type ClientApplicationChanges = typeof ClientApplicationChanges.Type;

export const listClientApplications = endpoint({
  method: 'GET',
  path: 'v2/admin/clientApplications',
  summary: 'Registered client applications (the Application-Id registry), paged, searched and sorted',
  tags: TAGS,
  query: PageQuery(CLIENT_APPLICATION_SEARCH_KEYS, CLIENT_APPLICATION_SORT_KEYS),
  response: Page(ClientApplicationRow),
});

export const createClientApplication = endpoint({
  method: 'POST',
  path: 'v2/admin/clientApplications',
  summary: 'Register a client application; the answer holds its new application id',
  tags: TAGS,
  body: NewClientApplication,
  response: ClientApplicationRow,
  successStatus: 201,
});

export const updateClientApplication = endpoint({
  method: 'PUT',
  path: 'v2/admin/clientApplications/{id}',
  summary: 'Rename a client application or (de)activate it (calls naming an inactive one are refused)',
  tags: TAGS,
  params: ClientApplicationParams,
  body: ClientApplicationChanges,
  response: ClientApplicationRow,
});

export const deleteClientApplication = endpoint({
  method: 'DELETE',
  path: 'v2/admin/clientApplications/{id}',
  summary: 'Remove a client application (not the console’s own)',
  tags: TAGS,
  params: ClientApplicationParams,
  response: Removed,
});

// ── Modem vendor / model ──────────────────────────────────────────────────────────────────────

export const ModemVendorRow = Schema.Struct({
  id: Id,
  vid: Schema.String,
  vidName: Schema.String,
  pid: Schema.String,
  pidName: Schema.String,
  /** How many units' modems report this VID/PID (a vendor in use is not deleted). */
  modemCount: Schema.Int,
  createdAt: EpochMs,
});
export type ModemVendorRow = typeof ModemVendorRow.Type;

export const MODEM_VENDOR_SEARCH_KEYS = ['vidName', 'pidName', 'vid', 'pid'] as const;
export const MODEM_VENDOR_SORT_KEYS = ['vidName', 'pidName', 'vid', 'pid', 'modemCount', 'createdAt'] as const;
export type ModemVendorSearchKey = (typeof MODEM_VENDOR_SEARCH_KEYS)[number];
export type ModemVendorSortKey = (typeof MODEM_VENDOR_SORT_KEYS)[number];

export const ModemVendorBody = Schema.Struct({ vid: HexId, vidName: SettingName, pid: HexId, pidName: SettingName });
export type ModemVendorBody = typeof ModemVendorBody.Type;

export const listModemVendors = endpoint({
  method: 'GET',
  path: 'v2/admin/modemVendors',
  summary: 'Modem vendors and models (VID, PID and their names), paged, searched and sorted',
  tags: TAGS,
  query: PageQuery(MODEM_VENDOR_SEARCH_KEYS, MODEM_VENDOR_SORT_KEYS),
  response: Page(ModemVendorRow),
});

export const createModemVendor = endpoint({
  method: 'POST',
  path: 'v2/admin/modemVendors',
  summary: 'Add a modem vendor/model (VID and PID: 4 hex digits; the pair is unique)',
  tags: TAGS,
  body: ModemVendorBody,
  response: ModemVendorRow,
  successStatus: 201,
});

export const updateModemVendor = endpoint({
  method: 'PUT',
  path: 'v2/admin/modemVendors/{id}',
  summary: 'Change a modem vendor/model',
  tags: TAGS,
  params: ModemVendorParams,
  body: ModemVendorBody,
  response: ModemVendorRow,
});

export const deleteModemVendor = endpoint({
  method: 'DELETE',
  path: 'v2/admin/modemVendors/{id}',
  summary: 'Delete a modem vendor/model that no modem reports (refused otherwise, spec 001 §8)',
  tags: TAGS,
  params: ModemVendorParams,
  response: Removed,
});

// ── AI settings ───────────────────────────────────────────────────────────────────────────────

/** The AI credentials as answered: the passwords are never sent, only whether one is set. */
export const AiSettingsView = Schema.Struct({
  username: Schema.String,
  passwordSet: Schema.Boolean,
  rtmpUrl: Schema.String,
  rtmpUser: Schema.String,
  rtmpPasswordSet: Schema.Boolean,
  /** null until first saved. */
  updatedAt: Schema.NullOr(EpochMs),
});
export type AiSettingsView = typeof AiSettingsView.Type;

const AiText = TextBetween(0, AI_TEXT_MAX_LENGTH);
/** A password left out stays as it is; '' clears it. */
export const AiSettingsChanges = Schema.Struct({
  username: AiText,
  rtmpUrl: TextBetween(0, RTMP_URL_MAX_LENGTH),
  rtmpUser: AiText,
  password: Schema.optionalKey(AiText),
  rtmpPassword: Schema.optionalKey(AiText),
});
export type AiSettingsChanges = typeof AiSettingsChanges.Type;

export const getAiSettings = endpoint({
  method: 'GET',
  path: 'v2/admin/aiSettings',
  summary: 'The AI credentials (passwords never answered: only whether each is set)',
  tags: TAGS,
  response: AiSettingsView,
});

export const updateAiSettings = endpoint({
  method: 'PUT',
  path: 'v2/admin/aiSettings',
  summary: 'Save the AI credentials (a password left out is kept, an empty one is cleared)',
  tags: TAGS,
  body: AiSettingsChanges,
  response: AiSettingsView,
});
