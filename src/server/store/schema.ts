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
  // Hardening (issue 16 item 5, migration 0016): the simulated mail service and pending e-mail changes.
  mail_outbox: MailOutboxTable;
  email_changes: EmailChangesTable;
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
