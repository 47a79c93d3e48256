/**
 * Software upgrade of units and servers (spec 000 §5, §7, §8; 001 §4, §8; 002 §8) and the batch
 * upgrade of the support menu (spec 001 §5, 002 §9: a CSV of serial numbers, at most 500 devices,
 * unknown serials shown and ignored). Shapes are ours (the spec gives no paths for these screens'
 * calls beyond v2/admin/units/{id}/targetSwVersion/{v} and v2/devices/{id}/targetversion).
 *
 * A request to upgrade is a **wave**: one job per device, each pending → upgrading (with a
 * percentage) → succeeded or failed (with a code), or rejected at once by the rules (with the rule's
 * text and the server code). The console follows a wave by reading it again while it runs.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, IntBetween, PartOf, TextBetween } from './common.ts';
import { UPGRADE_STATES, OS_REINSTALL_REASONS } from '../../domain/upgrade.ts';
import { BATCH_UPGRADE_MAX_DEVICES } from '../../domain/validation/batchUpgradeCsv.ts';

const TAGS = ['upgrade'] as const;

/** At most this many servers in one request (ours: an inventory has a handful). */
export const UPGRADE_MAX_SERVERS = 100;
/** A batch file is at most this many characters (ours: 500 rows of a serial and a comment fit easily). */
export const BATCH_UPGRADE_MAX_CSV_CHARS = 200_000;

export const DEVICE_KINDS = ['unit', 'server'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

const VersionText = TextBetween(1, 32);

/** What the dialog asks about: units and servers by id. */
export const UpgradeDevices = Schema.Struct({
  units: Schema.Array(Id).check(Schema.isMaxLength(BATCH_UPGRADE_MAX_DEVICES)),
  servers: Schema.Array(Id).check(Schema.isMaxLength(UPGRADE_MAX_SERVERS)),
});
export type UpgradeDevices = typeof UpgradeDevices.Type;

/** One offered version for one device: allowed (with notices) or refused (with the reason's text and the code). */
export const UpgradeOption = Schema.Struct({
  version: Schema.String,
  description: Schema.String,
  releaseNotesUrl: Schema.String,
  allowed: Schema.Boolean,
  automaticDowngrade: Schema.optionalKey(Schema.Boolean),
  needsOsReinstall: Schema.optionalKey(Schema.Boolean),
  osReinstallReason: Schema.optionalKey(Schema.Literals(OS_REINSTALL_REASONS)),
  notice: Schema.optionalKey(Schema.String),
  /** Refused: the rule's reason key, its text, and the server code with its text (spec 000 §8). */
  reason: Schema.optionalKey(Schema.String),
  message: Schema.optionalKey(Schema.String),
  code: Schema.optionalKey(Schema.Int),
  codeMessage: Schema.optionalKey(Schema.String),
});
export type UpgradeOption = typeof UpgradeOption.Type;

export const UpgradeDevice = Schema.Struct({
  kind: Schema.Literals(DEVICE_KINDS),
  id: Id,
  name: Schema.String,
  type: Schema.String,
  serial: Schema.String,
  swVersion: Schema.String,
  /** The version set as the device's target (units: the targetSwVersion setting), null when none. */
  targetVersion: Schema.NullOr(Schema.String),
  options: Schema.Array(UpgradeOption),
});
export type UpgradeDevice = typeof UpgradeDevice.Type;

export const UpgradeOptions = Schema.Struct({ devices: Schema.Array(UpgradeDevice) });
export type UpgradeOptions = typeof UpgradeOptions.Type;

export const UpgradeJob = Schema.Struct({
  id: Id,
  kind: Schema.Literals(DEVICE_KINDS),
  deviceId: Id,
  name: Schema.String,
  serial: Schema.String,
  fromVersion: Schema.String,
  targetVersion: Schema.String,
  state: Schema.Literals(UPGRADE_STATES),
  /** Percent, 0..100. */
  progress: IntBetween(0, 100),
  /** spec 000 §8 code of a failure or a rejection; null otherwise. */
  code: Schema.NullOr(Schema.Int),
  /** The code's text, or the rule's text of a rejection; '' otherwise. */
  message: Schema.String,
  updatedAt: EpochMs,
});
export type UpgradeJob = typeof UpgradeJob.Type;

export const UpgradeCounts = Schema.Struct({
  pending: Schema.Int,
  upgrading: Schema.Int,
  succeeded: Schema.Int,
  failed: Schema.Int,
  rejected: Schema.Int,
});

export const UpgradeWave = Schema.Struct({
  id: Id,
  source: Schema.Literals(['dialog', 'batch']),
  targetVersion: Schema.String,
  createdAt: EpochMs,
  /** Batch: serials of the file that match no device (shown and ignored). */
  unknownSerials: Schema.Array(Schema.String),
  counts: UpgradeCounts,
  /** Percent of the wave done, 0..100 (every job's progress, rejected and ended jobs count as 100). */
  progress: IntBetween(0, 100),
  /** True when no job is pending or upgrading. */
  done: Schema.Boolean,
  jobs: Schema.Array(UpgradeJob),
});
export type UpgradeWave = typeof UpgradeWave.Type;

export const upgradeOptions = endpoint({
  method: 'POST',
  path: 'v2/upgrade/options',
  summary: 'For units and servers: each device’s version and every offered version, allowed or refused with the rule’s text and code (nothing is changed)',
  tags: TAGS,
  body: UpgradeDevices,
  response: UpgradeOptions,
});

export const startUpgrade = endpoint({
  method: 'POST',
  path: 'v2/upgrade/waves',
  summary: 'Upgrade units and servers to a version: refused devices are rejected with their code, the others run (units in bounded batches)',
  tags: TAGS,
  body: Schema.Struct({ ...UpgradeDevices.fields, targetVersion: VersionText }),
  response: UpgradeWave,
  successStatus: 201,
});

export const getUpgradeWave = endpoint({
  method: 'GET',
  path: 'v2/upgrade/waves/{id}',
  summary: 'An upgrade wave with each device’s state and progress (its requester, or a super user)',
  tags: TAGS,
  params: Schema.Struct({ id: PartOf('upgrade wave the caller started or may see') }),
  response: UpgradeWave,
});

// ── Batch upgrade (support menu) ───────────────────────────────────────────────────────────────

const CsvText = Schema.String.check(Schema.isMaxLength(BATCH_UPGRADE_MAX_CSV_CHARS));

export const BatchLineError = Schema.Struct({ line: Schema.NullOr(Schema.Int), message: Schema.String });

export const BatchDevice = Schema.Struct({ uid: Id, serial: Schema.String, name: Schema.String, type: Schema.String, swVersion: Schema.String });

export const BatchCheck = Schema.Struct({
  devices: Schema.Array(BatchDevice),
  unknown: Schema.Array(Schema.String),
  duplicates: Schema.Array(Schema.String),
  errors: Schema.Array(BatchLineError),
  /** Every software version, newest first (the target to pick). */
  versions: Schema.Array(Schema.String),
});
export type BatchCheck = typeof BatchCheck.Type;

export const checkBatchUpgrade = endpoint({
  method: 'POST',
  path: 'v2/psg/batch_upgrade/check',
  summary: 'Read a batch file: the devices it names, the unknown serials (ignored), duplicates and line errors (nothing is changed)',
  tags: TAGS,
  body: Schema.Struct({ csv: CsvText }),
  response: BatchCheck,
});

export const startBatchUpgrade = endpoint({
  method: 'POST',
  path: 'v2/psg/batch_upgrade',
  summary: 'Upgrade the devices of a batch file (at most 500; unknown serials ignored; a file with line errors is refused)',
  tags: TAGS,
  body: Schema.Struct({ csv: CsvText, targetVersion: VersionText }),
  response: UpgradeWave,
  successStatus: 201,
});

export const upgradeEndpoints = { upgradeOptions, startUpgrade, getUpgradeWave, checkBatchUpgrade, startBatchUpgrade };
