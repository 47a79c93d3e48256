/**
 * Business constants and limits of the three specs (000 §9, 001 §9, 002 §9, plus the numbers
 * other sections state). Units are in the name (_MS, _S, _KBPS, _MBPS, _PX, _CHARS, _DAYS ...).
 * Version gates and the version range live in versions.ts; the batch-upgrade CSV limit lives with
 * its validation rule.
 * How they are used lives beside them: bitrate.ts (kbps → display text), timedRetry.ts (the retry
 * helper).
 */

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// ---- Paging and search -----------------------------------------------------------------------

/** spec 000 §2/§9: unit list and unit search page size. */
export const UNIT_SEARCH_PAGE_SIZE = 50;
/** spec 002 §7/§9: group search page size (v2/admin/groups default limit). */
export const GROUP_SEARCH_PAGE_SIZE = 50;
/** spec 001 §9: grid page size default. */
export const GRID_PAGE_SIZE = 50;
/** spec 001 §7/§9: default search page limit (e.g. video return channels: limit 50, offset 0). */
export const DEFAULT_SEARCH_LIMIT = 50;
export const DEFAULT_SEARCH_OFFSET = 0;
/** spec 000 §9, 001 §7, 002 §7: default searchKey of admin lists. */
export const DEFAULT_SEARCH_KEY = 'name';
/** spec 001 §9: size of the multipoint servers list request. */
export const MULTIPOINT_SERVERS_LIST_LIMIT = 1000;

// ---- Commands and time-outs ------------------------------------------------------------------

/** spec 000 §7/§9: speed-test command query timeout=10 (seconds). */
export const SPEED_TEST_TIMEOUT_S = 10;
/** spec 001 §9: image probe time-out for file server selection. */
export const IMAGE_PROBE_TIMEOUT_MS = 5_000;
/** spec 000 §7, 002 §9: guard against switcher input updates. */
export const SWITCHER_INPUT_GUARD_MS = 5_000;

// ---- Lengths (characters) --------------------------------------------------------------------

/** spec 000 §3/§5/§9: unit comment. */
export const UNIT_COMMENT_MAX_CHARS = 100;
/** spec 000 §5/§9: metadata fields in unit configuration; spec 001 §5: story fields. */
export const METADATA_MAX_CHARS = 1024;
export const STORY_FIELD_MAX_CHARS = 1024;
/** spec 000 §9, 001 §5: store-and-forward file-name prefix. */
export const FILE_NAME_PREFIX_MAX_CHARS = 32;
/** spec 000 §9, 002 §5/§9: user label. */
export const USER_LABEL_MAX_CHARS = 30;
/** spec 001 §5, 002 §5/§9: names. */
export const NAME_MAX_CHARS = 255;
/** spec 002 §5/§9: publisher and subscriber names 1-32. */
export const SHARE_NAME_MIN_CHARS = 1;
export const SHARE_NAME_MAX_CHARS = 32;
/** spec 002 §5/§9: username 3-255. */
export const USERNAME_MIN_CHARS = 3;
export const USERNAME_MAX_CHARS = 255;
/** spec 002 §5/§9: new password minimum. */
export const PASSWORD_MIN_CHARS = 8;
/** spec 001 §5: video return description 0-32. */
export const VIDEO_RETURN_DESCRIPTION_MAX_CHARS = 32;
/** spec 001 §5/§9: SRT encryption key 10-64. */
export const SRT_KEY_MIN_CHARS = 10;
export const SRT_KEY_MAX_CHARS = 64;

// ---- Bandwidth ---------------------------------------------------------------------------------

/** spec 000 §9: HD maximum in single-camera mode. */
export const HD_MAX_MBPS_SINGLE_CAMERA = 20;
/** spec 000 §9: HD maximum in multi-camera mode. */
export const HD_MAX_MBPS_MULTI_CAMERA = 15;
/** spec 000 §9, 002 §5: display stays in kbps up to this value and switches to Mbps above it. */
export const KBPS_DISPLAY_MAX = 1024;
/** spec 000 §5, 002 §9: smart-unit bandwidth limit. */
export const SMART_BW_LIMIT_DEFAULT_KBPS = 0;
export const SMART_BW_LIMIT_MIN_KBPS = 1000;
export const SMART_BW_LIMIT_MAX_KBPS = 20_000;
/** spec 000 §5: bandwidth capping options (numbers in Mbps). */
export const CAPPING_OPTIONS = ['disabled', 'custom', 3.6, 4.2, 4.4, 5.5, 6.2, 8.0] as const;
export type CappingOption = (typeof CAPPING_OPTIONS)[number];
/** spec 000 §9: bandwidth priority groups, each given a 1st to 4th priority. */
export const BANDWIDTH_PRIORITY_GROUPS = ['cellular', 'ETH1', 'ETH2', 'Wi-Fi'] as const;
export type BandwidthPriorityGroup = (typeof BANDWIDTH_PRIORITY_GROUPS)[number];
export const BANDWIDTH_PRIORITIES = [1, 2, 3, 4] as const;
/** spec 000 §9: IP pipe is for traffic under 1 Mbps. */
export const IP_PIPE_MAX_MBPS_EXCLUSIVE = 1;
/** spec 001 §5/§9: MPEG-TS video bitrate 2000-8000 (kbps). */
export const MPEG_TS_VIDEO_BITRATE_MIN_KBPS = 2000;
export const MPEG_TS_VIDEO_BITRATE_MAX_KBPS = 8000;

// ---- Cameras and multi camera ------------------------------------------------------------------

/** spec 000 §9: up to 4 cameras in Multi-HQ mode. */
export const MULTI_HQ_MAX_CAMERAS = 4;
/** spec 000 §5: multi-camera priority, 1 highest to 9 lowest. */
export const MULTI_CAMERA_PRIORITY_HIGHEST = 1;
export const MULTI_CAMERA_PRIORITY_LOWEST = 9;

// ---- Delay -------------------------------------------------------------------------------------

/** spec 000 §5/§9: on-the-fly delay change is supported from 0.9 s. */
export const ON_THE_FLY_DELAY_MIN_MS = 900;
/** spec 000 §5/§9, 002 §5: a delay below 1000 ms is flagged as low. */
export const LOW_DELAY_BELOW_MS = 1000;
/** spec 002 §9: "Minimum video delay 1000 ms" (the low-delay threshold; see docs/domain.md). */
export const MIN_VIDEO_DELAY_MS = 1000;
/** spec 000 §5, 001 §9: delay lists span 400 to 20000 ms; the camera list starts at 500 ms. */
export const DELAY_LIST_MIN_MS = 400;
export const DELAY_LIST_MAX_MS = 20_000;
export const CAMERA_DELAY_LIST_MIN_MS = 500;
/** spec 000 §5, 001 §9: a delay below 0.8 s allows only Ethernet or Wi-Fi. */
export const ETHERNET_WIFI_ONLY_BELOW_DELAY_MS = 800;
/** spec 000 §9: IFB low delay reduces 700 ms to 300 ms. */
export const IFB_DELAY_NORMAL_MS = 700;
export const IFB_DELAY_LOW_MS = 300;

// ---- Interfaces --------------------------------------------------------------------------------

/** spec 000 §9: enabling or disabling a modem, Ethernet or Wi-Fi interface may take up to a minute. */
export const INTERFACE_TOGGLE_MAX_MS = MINUTE_MS;
/** spec 000 §9: a cellular scan takes 1 to 2 minutes. */
export const CELLULAR_SCAN_MIN_MS = MINUTE_MS;
export const CELLULAR_SCAN_MAX_MS = 2 * MINUTE_MS;
/** spec 000 §9: an operator switch takes up to 30 s. */
export const OPERATOR_SWITCH_MAX_MS = 30 * SECOND_MS;
/** spec 000 §5: at least 2 interfaces must stay connected. */
export const MIN_CONNECTED_INTERFACES = 2;
/** spec 000 §9: network modes. */
export const NETWORK_MODES = ['3G/4G/5G', '3G/4G', '4G'] as const;
export type NetworkMode = (typeof NETWORK_MODES)[number];

// ---- Registration, keys and usage --------------------------------------------------------------

/** spec 000 §9, 002 §4/§9: ad-hoc registration periods and unit expiration options. */
export const AD_HOC_PERIODS = [
  { id: '1day', label: '1 day' },
  { id: '3days', label: '3 days' },
  { id: '1week', label: '1 week' },
  { id: '1month', label: '1 month' },
] as const;
export type AdHocPeriod = (typeof AD_HOC_PERIODS)[number]['id'];
/** spec 000 §9, 002 §4/§9: permanent key regeneration. */
export const KEY_REGENERATION_OPTIONS = ['never', 'daily', 'weekly', 'monthly'] as const;
export type KeyRegeneration = (typeof KEY_REGENERATION_OPTIONS)[number];
/** spec 000 §9, 002 §4/§9: usage-monitoring reset every 3, 6 or 12 months, or never. */
export const USAGE_RESET_MONTHS = [3, 6, 12, 'never'] as const;
export type UsageResetMonths = (typeof USAGE_RESET_MONTHS)[number];
/** spec 002 §5/§9: usage profile reset day of month. */
export const USAGE_RESET_DAY_MIN = 1;
export const USAGE_RESET_DAY_MAX = 31;

// ---- Video and audio ---------------------------------------------------------------------------

/** spec 000 §9: resolution options. */
export const RESOLUTIONS = ['1080p60', '1080p50', '1080i60', '1080i50', '720p60', '720p50', '576i', '576i 16:9', '480i', '480i 16:9'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
/** spec 000 §9: audio has 2 channels or more; 4 and above need SDI. */
export const AUDIO_MIN_CHANNELS = 2;
export const AUDIO_SDI_FROM_CHANNELS = 4;
/** spec 000 §9, 002 §9: audio bit rates with AAC-LC, 2 channels. */
export const AUDIO_BITRATES_KBPS = [96, 128, 192] as const;
export type AudioBitrateKbps = (typeof AUDIO_BITRATES_KBPS)[number];
export const AUDIO_CODEC = 'AAC-LC';
export const AUDIO_BITRATE_CHANNELS = 2;
/** spec 000 §9: colour depth. */
export const COLOUR_DEPTHS = ['8-bit', '10-bit/HDR'] as const;
export type ColourDepth = (typeof COLOUR_DEPTHS)[number];
/** spec 000 §9: video complexity levels. */
export const VIDEO_COMPLEXITY_LEVELS = ['Standard', 'Medium', 'Complex'] as const;
export type VideoComplexity = (typeof VIDEO_COMPLEXITY_LEVELS)[number];
/** spec 000 §3, 002 §9: quality tiers map high → uhd, standard → hd, low → sd; codec h264 or h265. */
export const QUALITY_TIERS = { high: 'uhd', standard: 'hd', low: 'sd' } as const;
export type QualityTier = keyof typeof QUALITY_TIERS;
export const QUALITY_CODECS = ['h264', 'h265'] as const;
/** spec 001 §3: streaming destination max frame rate. */
export const STREAM_MAX_FRAME_RATES = [25, 30] as const;

// ---- Caches, retries, polling ------------------------------------------------------------------

/** spec 000 §4/§9, 001 §4/§9: cached data is refetched on unit selection when older than this. */
export const ENHANCED_STALE_MS = 60 * SECOND_MS;
export const SETTINGS_STALE_MS = 60 * SECOND_MS;
export const SERVICES_STALE_MS = 30 * MINUTE_MS;
/** spec 001 §9: SMPTE metadata staleness. */
export const SMPTE_METADATA_STALE_MS = 60 * SECOND_MS;
/** spec 000 §4/§9: setting the virtual channel is retried up to 7 times. */
export const VIRTUAL_CHANNEL_RETRIES = 7;
/** spec 000 §4/§9: a unit in transition is cleared after 10 polls at 2 s. */
export const TRANSITION_POLL_COUNT = 10;
export const TRANSITION_POLL_INTERVAL_MS = 2 * SECOND_MS;
/** spec 000 §9, 001 §4/§9: retry helper defaults, 1 s interval, up to 5 repeats. */
export const RETRY_HELPER_INTERVAL_MS = SECOND_MS;
export const RETRY_HELPER_REPEATS = 5;
/** spec 000 §4/§9, 002 §9: modem graph rolling window (360 × 5 s = 30 min). */
export const MODEM_GRAPH_STEP_MS = 5_000;
export const MODEM_GRAPH_POINTS = 360;
/** spec 000 §3/§9, 002 §9: only the last 10 uploaded files are kept per unit. */
export const UPLOADED_FILES_KEPT_PER_UNIT = 10;
/** spec 001 §7/§9: websocket reconnect interval. */
export const WEBSOCKET_RECONNECT_MS = 10_000;
/** Ours (the specs name "the maximum reconnects" but no number): 60 tries ≈ 5 minutes at a 10 s interval with full jitter, then the page reloads. */
export const WEBSOCKET_MAX_RECONNECTS = 60;
/** spec 001 §7/§9: subscribe/unsubscribe batch size (default; a user property may change it). */
export const SUBSCRIPTION_BATCH_SIZE = 50;
/** spec 001 §7: lists reload 3 s after a device is added or removed (debounce). */
export const DEVICE_LIST_RELOAD_DEBOUNCE_MS = 3 * SECOND_MS;
/** spec 002 §7/§9: notifications and client configuration are refetched every 5 minutes... */
export const BACKGROUND_POLL_INTERVAL_MS = 300_000;
/** ...after a random start delay of 1 to 300 s. */
export const BACKGROUND_POLL_START_DELAY_MIN_S = 1;
export const BACKGROUND_POLL_START_DELAY_MAX_S = 300;

// ---- Access, trials, notifications -------------------------------------------------------------

/** spec 000 §6, 001 §6/§9, 002 §9: support access to a device lasts 8 hours. */
export const SUPPORT_ACCESS_HOURS = 8;
export const SUPPORT_ACCESS_MS = SUPPORT_ACCESS_HOURS * HOUR_MS;
/** spec 001 §9: trials. */
export const GO_PLAN_TRIAL_DAYS = 30;
export const SMART_PLAN_TRIAL_DAYS = 30;
export const GRAPHICS_TRIAL_HOURS = 10;
export const GRAPHICS_TRIAL_EXPIRES_IN_DAYS = 30;
/** spec 002 §3/§4/§9: a notification is flagged when it expires within 24 h, and again within 2 h. */
export const NOTIFICATION_EXPIRING_SOON_MS = 24 * HOUR_MS;
export const NOTIFICATION_EXPIRING_VERY_SOON_MS = 2 * HOUR_MS;
/** spec 002 §2/§4/§9: at 14 days or fewer before password expiry the user sees the notice. */
export const PASSWORD_EXPIRY_WARNING_DAYS = 14;
export const PASSWORD_EXPIRY_WARNING_MS = PASSWORD_EXPIRY_WARNING_DAYS * DAY_MS;

// ---- Files and overlays ------------------------------------------------------------------------

/** spec 001 §5/§9: overlay image PNG only, max 2000x2000 px and 110 KB, recommended min 300x300. */
export const OVERLAY_MIME_TYPE = 'image/png';
export const OVERLAY_MAX_WIDTH_PX = 2000;
export const OVERLAY_MAX_HEIGHT_PX = 2000;
export const OVERLAY_MAX_BYTES = 110 * 1024;
export const OVERLAY_RECOMMENDED_MIN_WIDTH_PX = 300;
export const OVERLAY_RECOMMENDED_MIN_HEIGHT_PX = 300;

// ---- Servers and channels ----------------------------------------------------------------------

/** spec 001 §5/§9: server max channels 8-24. */
export const SERVER_MAX_CHANNELS_MIN = 8;
export const SERVER_MAX_CHANNELS_MAX = 24;
/** spec 001 §5/§9: genlock offset -511..511. */
export const GENLOCK_OFFSET_MIN = -511;
export const GENLOCK_OFFSET_MAX = 511;

// ---- Interface (UI) ----------------------------------------------------------------------------

/** spec 001 §9, 002 §9: toasts. */
export const TOAST_MAX_VISIBLE = 5;
export const TOAST_DEFAULT_DURATION_MS = 3 * SECOND_MS;
/**
 * Ours (issue 17): toasts sit below every dialog and drawer (Mantine's modal layer is 200) and
 * above the page and the shell (100): a dialog always covers a toast, so its buttons stay clickable.
 */
export const TOAST_Z_INDEX = 150;
/**
 * Ours (issue 17 "never over a dialog or a control"): toasts stack bottom-left inside the toast
 * lane, the lower part of the shell's navigation column that the menu never uses (Shell.tsx): the
 * column is 248 px wide and Mantine keeps 16 px from the edges, so a toast is 216 px wide, and the
 * page's controls (the unit list's columns included) keep their whole width.
 */
export const TOAST_WIDTH_PX = 216;
/** Ours: the space between stacked toasts (px; Mantine's 16 made 5 toasts 64 px taller). */
export const TOAST_GAP_PX = 8;
/**
 * Ours: the height the navigation column keeps free for the toasts (px): 5 toasts of a one-line
 * title and a one-line message (62 px measured in Chromium, 68 kept; longer texts end in an ellipsis,
 * theme.ts) with their gaps, Mantine's 16 px from the bottom, and the lane's caption. The menu
 * above scrolls when it is longer.
 */
export const TOAST_LANE_HEIGHT_PX = 5 * 68 + 4 * TOAST_GAP_PX + 16 + 8;
/** The toasts' stack is cut at this height (px): the lane less its bottom margin and its caption. */
export const TOAST_STACK_MAX_PX = TOAST_LANE_HEIGHT_PX - 16 - 24;
/** spec 002 §9: search box. */
export const SEARCH_BOX_WIDTH_PX = 365;
export const SEARCH_BOX_COLLAPSE_DELAY_MS = 500;
/** spec 002 §9: multi-select default max height. */
export const MULTI_SELECT_MAX_HEIGHT_PX = 300;
/** spec 002 §9: default channel placeholder. */
export const DEFAULT_CHANNEL_PLACEHOLDER = 'External';
/** spec 002 §9: placeholder when no camera is connected. */
export const NO_CAMERA_PLACEHOLDER = 'Camera not connected';
/** spec 000 §1, 002 §9: default language, loaded on demand. */
export const DEFAULT_LANGUAGE = 'en';
/** spec 002 §3: user preference luSmartCountry default. */
export const LU_SMART_COUNTRY_DEFAULT = 'usa';
/** spec 002 §3: map defaults. */
export const MAP_DEFAULT_ZOOM = 3;
export const MAP_DEFAULT_CENTER = { lat: 0, lng: 0 } as const;
/**
 * spec 000 §9, 002 §9: "Timing constants 20000, 30000 and 12000 ms are used in the interface;
 * their purpose is not shown". Named by value on purpose; give them a meaning when one is decided.
 */
export const UNSPECIFIED_TIMING_20000_MS = 20_000;
export const UNSPECIFIED_TIMING_30000_MS = 30_000;
export const UNSPECIFIED_TIMING_12000_MS = 12_000;

// ---- Display of bitrates -----------------------------------------------------------------------
