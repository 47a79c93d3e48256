/**
 * The store's tables as Kysely sees them (column names as stored, snake_case). One description
 * for both engines: times are ms since the epoch (INTEGER on SQLite, bigint on PostgreSQL, read as
 * JS numbers), flags are integers 0/1, JSON documents are text columns ending in `_json`.
 *
 * `Generated<T>` marks a column the database fills when an insert leaves it out (a DEFAULT).
 */
import type { Generated } from 'kysely';

/** The two engines the store runs on. */
export type StoreDialect = 'sqlite' | 'postgres';

/** 0 or 1 (no boolean column type on SQLite). */
export type Flag = number;

export interface InventoriesTable {
  id: string;
  name: string;
  region: Generated<string>;
  customer: Generated<string>;
  parent_id: string | null;
  features_json: Generated<string>;
  created_at: number;
  /** 0/1: a group named after the inventory was created with it (migration 0004). */
  auto_group: Generated<Flag>;
  sip_server: Generated<string>;
  properties_json: Generated<string>;
  /** Product type group → dotted version. */
  default_sw_versions_json: Generated<string>;
  /** '' = the console's own sign-in; else the external identity provider's name (migration 0005). */
  identity_provider: Generated<string>;
  /** How many users the inventory may hold; null = no limit (migration 0005). */
  user_licences: number | null;
}

export interface GroupsTable {
  id: string;
  name: string;
  inventory_id: string;
  auto_association: Generated<Flag>;
  unit_auto_association: Generated<Flag>;
  alerts_config_json: Generated<string>;
  created_at: number;
  /** The default unit configuration; null until one is set (migration 0004). */
  default_config_json: string | null;
  default_config_updated_at: number | null;
}

export interface UsersTable {
  id: string;
  /** Unique without case. */
  username: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  /** Unique without case; several users may have none. */
  email: string | null;
  user_label: Generated<string>;
  user_type: string;
  active: Generated<Flag>;
  sso: Generated<Flag>;
  is_demo: Generated<Flag>;
  password_hash: string;
  password_salt: string;
  password_params_json: string;
  password_changed_at: number;
  password_expires_at: number | null;
  force_password_change: Generated<Flag>;
  created_at: number;
}

export interface UserGroupsTable {
  user_id: string;
  group_id: string;
}

export interface UserInventoriesTable {
  user_id: string;
  inventory_id: string;
}

/** A user's contact details (migration 0006); texts are '' when not given. */
export interface UserContactsTable {
  user_id: string;
  phone: Generated<string>;
  company: Generated<string>;
  address: Generated<string>;
  updated_at: number;
}

export interface VrChannelsTable {
  id: string;
  name: string;
  inventory_id: string;
  description: Generated<string>;
  created_at: number;
  /** The video return server it runs on; null: the channel is offline (migration 0008). */
  server_id: string | null;
  /** VR_INPUT_TYPES of src/domain/videoReturn.ts (a CHECK). */
  input_type: Generated<string>;
  /** SRT_MODES (a CHECK); null when the input is not SRT. */
  srt_mode: string | null;
  url: Generated<string>;
  passphrase: Generated<string>;
  destination_port: number | null;
  internal_ip: Generated<string>;
  external_ip: Generated<string>;
  serial_number: Generated<string>;
  updated_at: number | null;
}

export interface GroupVrChannelsTable {
  group_id: string;
  vr_channel_id: string;
}

export interface UserPreferencesTable {
  user_id: string;
  prefs_json: string;
  updated_at: number;
}

export interface SessionsTable {
  /** sha256 of the cookie token, hex; the token itself is never stored. */
  id: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  /** Idle expiry, pushed forward on use. */
  expires_at: number;
  absolute_expires_at: number;
}

export interface UnitsTable {
  uid: string;
  name: string;
  type: string;
  serial: Generated<string>;
  /** At most 100 characters (a CHECK). */
  comment: Generated<string>;
  group_id: string | null;
  inventory_id: string | null;
  sw_version: Generated<string>;
  lat: number | null;
  lng: number | null;
  owned_by: Generated<string>;
  settings_json: Generated<string>;
  alerts_config_json: Generated<string>;
  metadata_json: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface ServersTable {
  id: string;
  name: string;
  /** SERVER_TYPES of src/domain/servers.ts (a CHECK). */
  type: string;
  serial: Generated<string>;
  sw_version: Generated<string>;
  alias: Generated<string>;
  inventory_id: string | null;
  max_channels: Generated<number>;
  cloud_region: Generated<string>;
  config_json: Generated<string>;
  created_at: number;
}

export interface ChannelsTable {
  id: string;
  name: string;
  /** CHANNEL_TYPES of src/domain/channels.ts (a CHECK). */
  type: string;
  server_id: string | null;
  group_id: string | null;
  inventory_id: string | null;
  config_json: Generated<string>;
  created_at: number;
}

export interface NotificationsTable {
  id: string;
  global_notification: string;
  expire_date: number;
  created_at: number;
}

export interface ClientApplicationsTable {
  application_id: string;
  name: string;
  active: Generated<Flag>;
  created_at: number;
}

export interface AdhocRegistrationsTable {
  group_id: string;
  kind: string;
  period: string;
  code: string;
  expires_at: number;
  updated_at: number;
}

export interface PermanentRegistrationsTable {
  group_id: string;
  kind: string;
  reg_key: string;
  regeneration: string;
  usage_reset: string;
  usage_reset_since: number;
  regenerated_at: number;
  updated_at: number;
}

export interface InvitationsTable {
  id: string;
  group_id: string;
  channel: string;
  recipients_json: string;
  device_name: string;
  kind: string;
  guest: Generated<Flag>;
  period: string | null;
  link: string;
  created_by: string | null;
  created_at: number;
}

export interface StoriesTable {
  id: string;
  inventory_id: string;
  slugline: string;
  crew_name: Generated<string>;
  usage_terms: Generated<string>;
  provider: Generated<string>;
  reporter: Generated<string>;
  keywords: Generated<string>;
  comments: Generated<string>;
  last_modified: number;
}

export interface UnitStoriesTable {
  unit_uid: string;
  story_id: string;
  selected_at: number;
}

/** Publishers and subscribers have the same columns. */
export interface SharePartiesTable {
  id: string;
  inventory_id: string;
  name: string;
  share_key: string;
  description: Generated<string>;
  group_id: string | null;
  created_on: number;
  created_by: Generated<string>;
  /** The folder it sits in; null = the root folder of its inventory (migration 0013). */
  folder_id: string | null;
}

export interface UnitSharesTable {
  unit_uid: string;
  subscriber_id: string;
}

/** One write through the API (migration 0007). */
export interface ActivityTable {
  id: Generated<number>;
  at: number;
  actor_id: string | null;
  actor_name: Generated<string>;
  actor_type: Generated<string>;
  application_id: Generated<string>;
  area: string;
  operation: string;
  summary: Generated<string>;
  method: string;
  status: number;
  /** ACTIVITY_OUTCOMES of src/domain/activity.ts (a CHECK). */
  outcome: string;
  message: Generated<string>;
  entity_kind: Generated<string>;
  entity_id: Generated<string>;
  entity_name: Generated<string>;
  inventory_id: string | null;
  group_id: string | null;
  request_json: string | null;
  before_json: string | null;
  after_json: string | null;
  changed_json: Generated<string>;
}

/** A unit transition, alert or threshold incident (migration 0007). */
export interface IncidentsTable {
  id: Generated<number>;
  at: number;
  /** INCIDENT_KINDS of src/domain/incidents.ts (a CHECK). */
  kind: string;
  /** INCIDENT_SEVERITIES (a CHECK). */
  severity: string;
  code: string;
  message: string;
  unit_id: string;
  unit_name: Generated<string>;
  group_id: string | null;
  inventory_id: string | null;
  /** Set for a threshold incident: the user whose threshold raised it. */
  user_id: string | null;
  toast: Generated<Flag>;
  acknowledged_by: string | null;
  acknowledged_at: number | null;
}

/** A user's threshold for one group and kind (migration 0007). */
export interface ThresholdsTable {
  id: string;
  user_id: string;
  group_id: string;
  /** THRESHOLD_KINDS (a CHECK). */
  kind: string;
  enabled: Generated<Flag>;
  value: number | null;
  seconds: number | null;
  toast: Generated<Flag>;
  updated_at: number;
}

/** Up to which incident a user has seen (migration 0007). */
export interface IncidentReadsTable {
  user_id: string;
  seen_up_to: Generated<number>;
  updated_at: number;
}

/** A file on a media server's channel (migration 0008); `content` holds a metadata file's document. */
export interface ChannelFilesTable {
  id: string;
  channel_id: string;
  mmh_id: string;
  unit_uid: string | null;
  lu_name: Generated<string>;
  file_name: string;
  root_directory: Generated<string>;
  /** bytes */
  size_bytes: Generated<number>;
  last_modified: number;
  is_transferring: Generated<Flag>;
  story_id: string | null;
  content: string | null;
  created_at: number;
}

/** An inventory's newsroom ingest account and XSLT story mapping (migration 0008). */
export interface IngestAccountsTable {
  inventory_id: string;
  enabled: Generated<Flag>;
  server_url: string;
  username: string;
  password: Generated<string>;
  /** seconds */
  poll_interval_s: Generated<number>;
  xslt_file_name: string | null;
  xslt_content: string | null;
  xslt_uploaded_at: number | null;
  updated_at: number;
}

/** A channel's streaming destination (migration 0009): the answer's fields in details_json, credentials apart. */
export interface ChannelDestinationsTable {
  id: string;
  channel_id: string;
  name: string;
  details_json: Generated<string>;
  /** {password?, passphrase?}: never part of an answer. */
  secrets_json: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** An overlay image of an inventory's graphics overlay library (migration 0009). */
export interface OverlaysTable {
  id: string;
  inventory_id: string;
  file_name: string;
  width: number;
  height: number;
  size_bytes: number;
  png_base64: string;
  created_at: number;
  created_by: Generated<string>;
}

/** An audio room of an inventory (migration 0009). */
export interface AudioRoomsTable {
  id: string;
  inventory_id: string;
  name: string;
  interfaces_json: Generated<string>;
  created_at: number;
  created_by: Generated<string>;
}

// ── Support access, remote actions, access approvals (issue 14, migration 0015) ──
export interface SupportGrantsTable {
  id: string;
  device_kind: string;
  device_id: string;
  inventory_id: string | null;
  granted_by: string;
  granted_at: number;
  revoked_by: string | null;
  revoked_at: number | null;
}

export interface RemoteActionsTable {
  id: string;
  device_kind: string;
  device_id: string;
  device_name: string;
  inventory_id: string | null;
  action: string;
  note: Generated<string>;
  requested_by: string;
  requested_at: number;
  status: string;
  result: Generated<string>;
  finished_at: number | null;
  approval_id: string | null;
}

export interface AccessApprovalsTable {
  id: string;
  remote_action_id: string;
  device_kind: string;
  device_id: string;
  inventory_id: string | null;
  requested_at: number;
  decided_by: string | null;
  used_at: number | null;
  declined_at: number | null;
}

export interface Database {
  inventories: InventoriesTable;
  groups: GroupsTable;
  users: UsersTable;
  user_groups: UserGroupsTable;
  user_inventories: UserInventoriesTable;
  user_contacts: UserContactsTable;
  vr_channels: VrChannelsTable;
  group_vr_channels: GroupVrChannelsTable;
  user_preferences: UserPreferencesTable;
  sessions: SessionsTable;
  units: UnitsTable;
  servers: ServersTable;
  channels: ChannelsTable;
  notifications: NotificationsTable;
  client_applications: ClientApplicationsTable;
  adhoc_registrations: AdhocRegistrationsTable;
  permanent_registrations: PermanentRegistrationsTable;
  invitations: InvitationsTable;
  stories: StoriesTable;
  unit_stories: UnitStoriesTable;
  share_publishers: SharePartiesTable;
  share_subscribers: SharePartiesTable;
  unit_shares: UnitSharesTable;
  channel_files: ChannelFilesTable;
  ingest_accounts: IngestAccountsTable;
  activity: ActivityTable;
  incidents: IncidentsTable;
  thresholds: ThresholdsTable;
  incident_reads: IncidentReadsTable;
  channel_destinations: ChannelDestinationsTable;
  overlays: OverlaysTable;
  audio_rooms: AudioRoomsTable;
  // Support access (issue 14, migration 0015)
  support_grants: SupportGrantsTable;
  remote_actions: RemoteActionsTable;
  access_approvals: AccessApprovalsTable;
  // ── Managed services, usage profiles and usage reports (issue 14, migration 0012) ──
  managed_services: ManagedServicesTable;
  activation_grants: ActivationGrantsTable;
  usage_profiles: UsageProfilesTable;
  unit_usage_profiles: UnitUsageProfilesTable;
  unit_usage_daily: UnitUsageDailyTable;
  // ── servers and devices (issue 12, migration 0010) ──
  ifb_servers: IfbServersTable;
  lulink_settings: LuLinkSettingsTable;
  // Software versions and upgrades (issue 12, migration 0011).
  software_versions: SoftwareVersionsTable;
  software_version_inventories: SoftwareVersionInventoriesTable;
  upgrade_waves: UpgradeWavesTable;
  upgrade_jobs: UpgradeJobsTable;
  // ── Shares folders and the simulated cloud graphics service (issue 14 part B, migration 0013) ──
  share_folders: ShareFoldersTable;
  graphics_accounts: GraphicsAccountsTable;
  graphics_apps: GraphicsAppsTable;
  graphics_jobs: GraphicsJobsTable;
  // System settings and what's new (issue 14 C1)
  modem_vendors: ModemVendorsTable;
  unit_modems: UnitModemsTable;
  ai_settings: AiSettingsTable;
  whats_new_notes: WhatsNewNotesTable;
  whats_new_seen: WhatsNewSeenTable;
  // Hardening (issue 16 item 5, migration 0016): the simulated mail service and pending e-mail changes.
  mail_outbox: MailOutboxTable;
  email_changes: EmailChangesTable;
  // Scale-out (issue 18, migration 0017): the event outbox and the shared sign-in limits.
  event_outbox: EventOutboxTable;
  sign_in_failures: SignInFailuresTable;
  rate_limit_windows: RateLimitWindowsTable;
}

// ── Managed services, usage profiles and usage reports (issue 14, migration 0012) ──

/** A managed service an inventory started a trial of or bought. */
export interface ManagedServicesTable {
  inventory_id: string;
  service_name: string;
  plan_kind: string | null;
  state: string;
  trial_state: string | null;
  trial_started_at: number | null;
  usage_kind: Generated<string>;
  /** MB (data) or hours (time). */
  usage_used: Generated<number>;
  usage_limit: number | null;
  updated_at: number;
}

/** A user allowed to use unit and licence activation in an inventory. */
export interface ActivationGrantsTable {
  inventory_id: string;
  user_id: string;
  granted_at: number;
}

/** A usage profile; inventory_id null for the shared default profiles. */
export interface UsageProfilesTable {
  id: string;
  inventory_id: string | null;
  name: string;
  type: string;
  /** MB (data) or hours per month. */
  value: number;
  reset_day: number;
  is_default: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface UnitUsageProfilesTable {
  unit_uid: string;
  profile_id: string;
}

/** A unit's recorded use of one UTC day ('YYYY-MM-DD'). */
export interface UnitUsageDailyTable {
  unit_uid: string;
  day: string;
  data_mb: Generated<number>;
  seconds: Generated<number>;
}

/** IFB servers of the support menu (issue 12; fields ours). */
export interface IfbServersTable {
  id: string;
  name: string;
  host: Generated<string>;
  port: Generated<number>;
  inventory_id: string | null;
  enabled: Generated<Flag>;
  created_at: number;
  updated_at: number;
}

/** A unit's LU-Link settings (issue 12; fields ours). */
export interface LuLinkSettingsTable {
  unit_id: string;
  enabled: Generated<Flag>;
  server_id: string | null;
  max_bitrate_kbps: Generated<number>;
  updated_at: number;
}

// ── Software versions and upgrades (issue 12, migration 0011) ─────────────────────────────────

export interface SoftwareVersionsTable {
  id: string;
  version: string;
  description: Generated<string>;
  release_notes_url: Generated<string>;
  /** JSON list of product / server types. */
  supported_devices_json: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface SoftwareVersionInventoriesTable {
  version_id: string;
  inventory_id: string;
}

export interface UpgradeWavesTable {
  id: string;
  /** 'dialog' | 'batch'. */
  source: string;
  target_version: string;
  unknown_serials_json: Generated<string>;
  requested_by: Generated<string>;
  created_at: number;
}

export interface UpgradeJobsTable {
  id: string;
  wave_id: string;
  /** 'unit' | 'server'. */
  device_kind: string;
  device_id: string;
  device_name: Generated<string>;
  serial: Generated<string>;
  from_version: Generated<string>;
  target_version: string;
  /** UPGRADE_STATES of src/domain/upgrade.ts. */
  state: string;
  /** Percent, 0..100. */
  progress: Generated<number>;
  code: number | null;
  message: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** Publishers and subscribers have the same columns. */
// ── Shares folders and graphics (issue 14 part B, migration 0013) ─────────────────────────────────

export interface ShareFoldersTable {
  id: string;
  inventory_id: string;
  /** 'publishers' | 'subscribers': the tree the folder belongs to. */
  kind: string;
  parent_id: string | null;
  name: string;
  /** 0/1: the tree's root (spec 002 §5: cannot be edited). */
  is_root: Generated<Flag>;
  created_on: number;
  created_by: Generated<string>;
}

export interface GraphicsAccountsTable {
  inventory_id: string;
  /** 0/1: the cloud graphics service is on for the inventory (permissions serviceEnabled). */
  service_enabled: Generated<Flag>;
  updated_at: number;
}

export interface GraphicsAppsTable {
  id: string;
  inventory_id: string;
  /** 'singular' | 'control'. */
  kind: string;
  name: string;
  template_id: string;
  region: string;
  /** A control app: the app it controls. */
  app_id: string | null;
  created_on: number;
  created_by: Generated<string>;
}

export interface GraphicsJobsTable {
  id: string;
  inventory_id: string;
  app_id: string;
  action: string;
  started_at: number;
  /** How long the job runs (ms). */
  duration_ms: number;
}

// ── System settings and what's new (issue 14 C1, migration 0014) ──────────────────────────────
export interface ModemVendorsTable {
  id: string;
  /** 4 hex digits, capitals. */
  vid: string;
  vid_name: string;
  pid: string;
  pid_name: string;
  created_at: number;
}
export interface UnitModemsTable {
  unit_id: string;
  port: number;
  vid: string;
  pid: string;
}
export interface AiSettingsTable {
  id: string;
  username: Generated<string>;
  /** Write-only: never answered. */
  password: Generated<string>;
  rtmp_url: Generated<string>;
  rtmp_user: Generated<string>;
  /** Write-only: never answered. */
  rtmp_password: Generated<string>;
  updated_at: number;
}
export interface WhatsNewNotesTable {
  id: string;
  version: string;
  text: string;
  active: Generated<Flag>;
  created_at: number;
  updated_at: number;
}
export interface WhatsNewSeenTable {
  user_id: string;
  version: string;
  seen_at: number;
}

/** A message the server sent (migration 0016): the simulated mail service's outbox. */
export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  created_at: number;
}

/** A pending change of a user's own e-mail (migration 0016): confirmed by the token mailed to the new address. */
export interface EmailChangesTable {
  /** SHA-256 (hex) of the token; the token itself is only in the mail. */
  token_hash: string;
  user_id: string;
  new_email: string;
  created_at: number;
  expires_at: number;
}

// ── Scale-out (issue 18, migration 0017): event outbox, shared sign-in limits ──

/** An event a write owes the live bus, written in the write's transaction (src/server/live/eventOutbox.ts). */
export interface EventOutboxTable {
  id: Generated<number>;
  kind: string;
  entity_id: string;
  /** The event's data, JSON. */
  data: string;
  created_at: number;
}

/** One failed sign-in of a client address (src/server/auth/signInLimits.ts). */
export interface SignInFailuresTable {
  id: Generated<number>;
  address: string;
  /** ms since the epoch */
  at: number;
}

/** A fixed-window request counter shared by every instance (the /login limit). */
export interface RateLimitWindowsTable {
  scope: string;
  key: string;
  /** ms since the epoch */
  started_at: number;
  window_ms: number;
  hits: number;
}
