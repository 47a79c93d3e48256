/**
 * Commands the simulator accepts (the unit calls of spec 000 §7 that move a unit through states),
 * and how long each phase takes (ms ranges, drawn from the simulator's command random stream).
 */
export const SIM_COMMAND_TYPES = [
  'startStream',
  'stopStream',
  'startStoreAndForward',
  'stopStoreAndForward',
  'upgrade',
  'fetchLogs',
  'cancelFetchLogs',
  'speedTest',
  'startDatabridge',
  'stopDatabridge',
  'startIntercom',
  'stopIntercom',
  'reboot',
  'setDelay',
  'setChannel',
  'setCapping',
  'setLinkEnabled',
  'startIpPipe',
  'stopIpPipe',
  'startVideoReturn',
  'stopVideoReturn',
  'startMultiCamera',
  'stopMultiCamera',
  'startSocial',
  'stopSocial',
] as const;
export type SimCommandType = (typeof SIM_COMMAND_TYPES)[number];

export type IntercomSlot = 'intercom1' | 'intercom2';

export type SimCommand =
  | { type: 'startStream'; channelId?: string }
  | { type: 'stopStream' }
  | { type: 'startStoreAndForward' }
  | { type: 'stopStoreAndForward' }
  | { type: 'upgrade'; targetVersion: string }
  | { type: 'fetchLogs' }
  | { type: 'cancelFetchLogs' }
  | { type: 'speedTest' }
  | { type: 'startDatabridge' }
  | { type: 'stopDatabridge' }
  | { type: 'startIntercom'; slot: IntercomSlot; mode: 'audioRoom' | 'targetChannel'; destinationAccount: string }
  | { type: 'stopIntercom'; slot: IntercomSlot }
  | { type: 'reboot' }
  | { type: 'setDelay'; delayMs: number }
  | { type: 'setChannel'; channelId: string | null }
  | { type: 'setCapping'; totalKbps: number | null; cellularKbps: number | null }
  /** Enables or disables one link (interface configuration). */
  | { type: 'setLinkEnabled'; port: string; enabled: boolean }
  /** IP pipe (spec 000 §4): connecting, then connected (application l2ControlPipe). */
  | { type: 'startIpPipe' }
  | { type: 'stopIpPipe' }
  /** Video return on the unit (application videoReturn): connecting, then collecting. */
  | { type: 'startVideoReturn'; channelId: string | null }
  | { type: 'stopVideoReturn' }
  /** Multi camera (spec 000 §4 modes): application multiCamera, switcher or switcherAndProxy; connecting, then streaming. */
  | { type: 'startMultiCamera'; mode: 'highQuality' | 'switcher' | 'switcherAndProxy' }
  | { type: 'stopMultiCamera' }
  /** Social media / CDN stream of a streaming unit: social.status UNPUBLISHED (preview), then LIVE. */
  | { type: 'startSocial'; provider: string }
  | { type: 'stopSocial'; provider: string };

export type CommandResult = { ok: true } | { ok: false; status: number; message: string };

/** Phase durations in ms: [min, max]. */
export const PHASE_MS = {
  /** Stream: connecting → streaming. */
  streamConnecting: [1_500, 4_000],
  /** Stream: disconnecting → idle. */
  streamDisconnecting: [500, 1_500],
  /** Store-and-forward: store alone, then forward joins. */
  storeBeforeForward: [2_000, 5_000],
  /** Forward keeps uploading after store stops. */
  forwardDrain: [3_000, 8_000],
  /** Upgrade: each of the 4 progress steps (0, 25, 50, 75 %). */
  upgradeStep: [2_000, 4_000],
  /** Upgrade: the unit restarts after a successful install. */
  upgradeRestart: [5_000, 10_000],
  /** Log fetch phases (spec 000 §4: connecting, collecting, stopping). */
  logsConnecting: [1_000, 2_000],
  logsCollecting: [3_000, 6_000],
  logsStopping: [500, 1_500],
  /** Speed test: under the 10 s command timeout (spec 000 §9). */
  speedTest: [5_000, 9_000],
  /** Databridge: connecting → connected. */
  databridgeConnecting: [1_000, 3_000],
  /** Intercom: connecting → connected (spec 000 §3). */
  intercomConnecting: [1_000, 2_500],
  /** Reboot: goes offline after this, then comes back online after rebootOffline. */
  rebootGoingDown: [300, 800],
  rebootOffline: [20_000, 40_000],
  /** IP pipe, video return and multi camera: connecting → connected / streaming. */
  ipPipeConnecting: [800, 2_000],
  videoReturnConnecting: [1_000, 2_500],
  multiCameraConnecting: [1_500, 4_000],
  /** Social stream: preview (UNPUBLISHED) before it goes LIVE. */
  socialPreview: [1_000, 3_000],
  /** Delay, channel and capping changes reach the unit after this. */
  settingApplied: [300, 800],
} as const satisfies Record<string, readonly [number, number]>;

/** Share of upgrades that fail with one of the unit-side codes (spec 000 §8). */
export const UPGRADE_FAILURE_RATE = 0.2;
