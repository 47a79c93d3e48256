/**
 * Software upgrade rules (spec 000 §5, 001 §4), upgrade states (001 §4) and upgrade error codes
 * (000 §8, 001 §8, 002 §8). Pure: the caller passes every version and flag.
 */

import { assertNever } from './brand.ts';
import { ERRORS } from './errors.ts';
import { formatMessage } from './validation/messages.ts';
import { compareVersions, majorOf, parseVersion } from './versions.ts';
import { isUpgradable as isUpgradableType } from './units/productTypes.ts';

/** spec 001 §4: states of one software upgrade. */
export const UPGRADE_STATES = ['pending', 'upgrading', 'succeeded', 'failed', 'rejected'] as const;
export type UpgradeState = (typeof UPGRADE_STATES)[number];

/** spec 000 §5: units on 5.1 or below cannot be upgraded (5.1.x counts as "on 5.1"). */
export const UPGRADE_MIN_UNIT_VERSION_EXCLUSIVE = '5.1';
/** spec 000 §5, 001 §4/§9: an upgrade to 9.x needs a server on 8.5 or above. */
export const UPGRADE_TO_9_MIN_SERVER_VERSION = '8.5';
/** spec 000 §5, 001 §4: units set to 8.x or lower downgrade automatically. */
export const AUTOMATIC_DOWNGRADE_MAX_MAJOR = 8;

/** spec 000 §3: the not-upgradable product types live with the other type lists. */
export { NOT_UPGRADABLE_TYPES, isUpgradable as isUpgradableType } from './units/productTypes.ts';

/** A field unit moving to targetVersion, served by a server on serverVersion. */
export interface UnitUpgradeRequest {
  readonly device: 'unit';
  readonly productType: string;
  readonly unitVersion: string;
  readonly targetVersion: string;
  readonly serverVersion: string;
  readonly underSla: boolean;
}

/** A server (MMH, video return, transceiver, ingest) moving to targetVersion. */
export interface ServerUpgradeRequest {
  readonly device: 'server';
  readonly serverVersion: string;
  readonly targetVersion: string;
  /** spec 001 §4: servers upgrade only when idle. */
  readonly serverIdle: boolean;
}

export type UpgradeRequest = UnitUpgradeRequest | ServerUpgradeRequest;

export const UPGRADE_REFUSALS = [
  'unknownVersion',
  'notUpgradableType',
  'unitVersionTooOld',
  'notUnderSla',
  'serverBelowUnit',
  'serverTooOldFor9',
  'serverNotIdle',
  'sameVersion',
] as const;
export type UpgradeRefusal = (typeof UPGRADE_REFUSALS)[number];

/** Why an allowed move needs an OS reinstall and support (spec 000 §5, 001 §4). */
export const OS_REINSTALL_REASONS = ['downFrom9', 'downgrade', 'crosses6to7'] as const;
export type OsReinstallReason = (typeof OS_REINSTALL_REASONS)[number];

export type UpgradeDecision =
  | {
      readonly allowed: true;
      /** The target is 8.x or lower and older than the current version: the unit goes down by itself. */
      readonly automaticDowngrade?: boolean;
      /** The move needs an OS reinstall and the support team. */
      readonly needsOsReinstall?: boolean;
      readonly osReinstallReason?: OsReinstallReason;
      /** A sentence to show before confirming, when there is something to warn about. */
      readonly notice?: string;
    }
  | { readonly allowed: false; readonly reason: UpgradeRefusal; readonly message: string };

export const UPGRADE_MESSAGES = {
  unknownVersion: 'The software version is unknown, so the upgrade cannot be checked.',
  notUpgradableType: 'This product type cannot be upgraded.',
  unitVersionTooOld: 'Units on version 5.1 or below cannot be upgraded.',
  notUnderSla: 'Only units under SLA can be upgraded.',
  serverBelowUnit: 'The server version must be at or above the unit version.',
  serverTooOldFor9: 'Upgrading to version 9.x needs a server on version 8.5 or above.',
  serverNotIdle: 'Servers can be upgraded only when idle.',
  sameVersion: 'The device already runs the selected version.',
  automaticDowngrade: 'The unit is set to version 8.x or lower and will downgrade automatically.',
  osReinstall: 'This change needs an OS reinstall. Please contact support.',
} as const satisfies Record<UpgradeRefusal | 'automaticDowngrade' | 'osReinstall', string>;

const refuse = (reason: UpgradeRefusal): UpgradeDecision => ({ allowed: false, reason, message: UPGRADE_MESSAGES[reason] });

/**
 * Whether moving from `current` to `target` needs an OS reinstall (spec 000 §5, 001 §4):
 * anything down from 9, any other downgrade, and an upgrade that crosses from 6 (or below) to 7
 * (or above). Null when no reinstall is needed. Both versions must parse.
 */
export function osReinstallReason(current: string, target: string): OsReinstallReason | null {
  const from = majorOf(current);
  const to = majorOf(target);
  if (from === null || to === null) return null;
  const order = compareVersions(target, current);
  if (order < 0) return from >= 9 ? 'downFrom9' : 'downgrade';
  if (order > 0 && from <= 6 && to >= 7) return 'crosses6to7';
  return null;
}

/** Allowed moves carry the downgrade and reinstall flags and a notice that says them. */
function allowedMove(current: string, target: string, canDowngradeAutomatically: boolean): UpgradeDecision {
  const reinstall = osReinstallReason(current, target);
  const targetMajor = majorOf(target) ?? Number.POSITIVE_INFINITY;
  const automaticDowngrade =
    canDowngradeAutomatically && compareVersions(target, current) < 0 && targetMajor <= AUTOMATIC_DOWNGRADE_MAX_MAJOR;
  const notices: string[] = [
    automaticDowngrade ? UPGRADE_MESSAGES.automaticDowngrade : null,
    reinstall !== null ? UPGRADE_MESSAGES.osReinstall : null,
  ].filter((text) => text !== null);
  return {
    allowed: true,
    ...(automaticDowngrade ? { automaticDowngrade: true } : {}),
    ...(reinstall !== null ? { needsOsReinstall: true, osReinstallReason: reinstall } : {}),
    ...(notices.length > 0 ? { notice: notices.join(' ') } : {}),
  };
}

function checkUnitUpgrade(request: UnitUpgradeRequest): UpgradeDecision {
  const { unitVersion, targetVersion, serverVersion } = request;
  if (!isUpgradableType(request.productType)) return refuse('notUpgradableType');
  if ([unitVersion, targetVersion, serverVersion].some((version) => parseVersion(version) === null)) {
    return refuse('unknownVersion');
  }
  // "on 5.1 or below": 5.1.x is a 5.1 release, so anything below 5.2 is refused.
  const [major = 0, minor = 0] = parseVersion(unitVersion) ?? [];
  if (compareVersions(`${major}.${minor}`, UPGRADE_MIN_UNIT_VERSION_EXCLUSIVE) <= 0) return refuse('unitVersionTooOld');
  if (!request.underSla) return refuse('notUnderSla');
  if (compareVersions(serverVersion, unitVersion) < 0) return refuse('serverBelowUnit');
  if (majorOf(targetVersion) === 9 && compareVersions(serverVersion, UPGRADE_TO_9_MIN_SERVER_VERSION) < 0) {
    return refuse('serverTooOldFor9');
  }
  if (compareVersions(targetVersion, unitVersion) === 0) return refuse('sameVersion');
  return allowedMove(unitVersion, targetVersion, true);
}

function checkServerUpgrade(request: ServerUpgradeRequest): UpgradeDecision {
  const { serverVersion, targetVersion } = request;
  if (parseVersion(serverVersion) === null || parseVersion(targetVersion) === null) return refuse('unknownVersion');
  if (!request.serverIdle) return refuse('serverNotIdle');
  if (compareVersions(targetVersion, serverVersion) === 0) return refuse('sameVersion');
  return allowedMove(serverVersion, targetVersion, false);
}

/**
 * Decides whether a software upgrade (or downgrade) may be requested, first refusal wins.
 * Units: product type upgradable; versions known; unit above 5.1; under SLA; server at or above
 * the unit's current version; a 9.x target needs server 8.5+; target differs from current.
 * Servers: versions known; server idle; target differs from current.
 * Allowed moves say whether the unit downgrades automatically (target 8.x or lower, below the
 * current version) and whether an OS reinstall with support is needed.
 */
export function checkUpgrade(request: UpgradeRequest): UpgradeDecision {
  switch (request.device) {
    case 'unit':
      return checkUnitUpgrade(request);
    case 'server':
      return checkServerUpgrade(request);
    default:
      return assertNever(request, 'upgrade request');
  }
}

// ---------------------------------------------------------------------------------------------
// Error codes reported by units and servers.

/** Unit-side codes (spec 000 §8, 001 §8) and server-side codes (000 §8, 002 §8), with their texts. */
export const UPGRADE_ERROR_CODES = [
  { code: 101, side: 'unit', message: ERRORS.upgrade.installFailed },
  { code: 102, side: 'unit', message: ERRORS.upgrade.blackmagicDriverFailed },
  { code: 103, side: 'unit', message: ERRORS.upgrade.osUpgradeFailed },
  { code: 104, side: 'unit', message: ERRORS.upgrade.installAfterOsFailed },
  { code: 105, side: 'unit', message: ERRORS.upgrade.networkProblem },
  { code: 106, side: 'unit', message: ERRORS.upgrade.repositoryUnreachable },
  { code: 107, side: 'unit', message: ERRORS.upgrade.configBackupFailed },
  { code: -1, side: 'unit', message: ERRORS.upgrade.rebootServer },
  { code: 6802, side: 'server', message: ERRORS.upgrade.targetNotAllowed },
  { code: 6803, side: 'server', message: ERRORS.upgrade.unsupportedOnLu600H264 },
  { code: 6199, side: 'server', message: ERRORS.upgrade.serverOffline },
  { code: 6808, side: 'server', message: ERRORS.upgrade.serverBusy },
  { code: 6810, side: 'server', message: ERRORS.upgrade.hardwareDisallowsVersion },
] as const;

export type UpgradeErrorCode = (typeof UPGRADE_ERROR_CODES)[number]['code'];

/** spec 001 §8: "servers offline (plural and singular)". */
const SERVER_OFFLINE_CODE = 6199;

/**
 * The user-facing text of an upgrade error code. `servers` is how many servers the error is
 * about (only 6199 has a plural text). Unknown codes get a sentence that carries the code.
 */
export function upgradeErrorMessage(code: number, servers = 1): string {
  if (code === SERVER_OFFLINE_CODE && servers > 1) return ERRORS.upgrade.serversOffline;
  const known = UPGRADE_ERROR_CODES.find((entry) => entry.code === code);
  return known?.message ?? formatMessage(ERRORS.upgrade.unknownCode, { 0: code });
}
