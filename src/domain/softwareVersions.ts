/**
 * Software versions an administrator offers (spec 002 "Software version": version number,
 * description, release notes URL, supported devices, inventories) and which of them a device may
 * move to (spec 000 §5, 001 §4 rules of upgrade.ts). Pure: the caller passes every fact.
 *
 * Ours where the spec is silent:
 * - a version number is a dotted number from 3.5 to 9.0 (spec 000 §9 "compare as dotted numbers
 *   from 3.5 to 9.0"): its major.minor lies between 3.5 and 9.0, so 9.0.2 is a 9.0 release;
 * - no supported device means every device type; no inventory means every inventory;
 * - the release notes URL is optional, http or https.
 */
import { checkUpgrade, isUpgradableType, upgradeErrorMessage, type UpgradeDecision, type UpgradeRefusal, type UpgradeRequest } from './upgrade.ts';
import { compareVersions, NEWEST_VERSION, OLDEST_VERSION, parseVersion } from './versions.ts';
import { EXCLUDED_TYPES } from './units/productTypes.ts';
import { MESSAGES, formatMessage } from './validation/messages.ts';
import type { FormErrors } from './validation/check.ts';

/** Bounds of the stored fields (characters, items). */
export const SOFTWARE_VERSION_LIMITS = {
  version: 32,
  description: 1024,
  releaseNotesUrl: 2048,
  supportedDevices: 64,
  inventories: 200,
} as const;

export const SOFTWARE_VERSION_MESSAGES = {
  /** Ours: the spec gives the range, not the sentence. */
  versionFormat: formatMessage(MESSAGES.pattern, { 1: 'N.N or N.N.N' }),
  versionRange: `Must be a version from ${OLDEST_VERSION} to ${NEWEST_VERSION}`,
  versionTaken: 'This version already exists',
  releaseNotesUrl: 'Must be an http or https URL',
} as const;

export interface SoftwareVersionForm {
  readonly version: string;
  readonly description: string;
  readonly releaseNotesUrl: string;
}

const VERSION_TEXT = /^\d{1,3}(\.\d{1,4}){1,3}$/;

/** The version number's error, or null: dotted, within 3.5–9.0 by major.minor, not taken by another version. */
export function versionNumberError(text: string, takenVersions: Iterable<string> = []): string | null {
  const version = text.trim();
  if (version === '') return MESSAGES.required;
  if (version.length > SOFTWARE_VERSION_LIMITS.version) return formatMessage(MESSAGES.maxLength, { 1: SOFTWARE_VERSION_LIMITS.version });
  if (!VERSION_TEXT.test(version)) return SOFTWARE_VERSION_MESSAGES.versionFormat;
  const [major = 0, minor = 0] = parseVersion(version) ?? [];
  const release = `${major}.${minor}`;
  if (compareVersions(release, OLDEST_VERSION) < 0 || compareVersions(release, NEWEST_VERSION) > 0) return SOFTWARE_VERSION_MESSAGES.versionRange;
  for (const taken of takenVersions) if (compareVersions(taken, version) === 0) return SOFTWARE_VERSION_MESSAGES.versionTaken;
  return null;
}

/** The release notes URL's error, or null (empty is fine). */
export function releaseNotesUrlError(text: string): string | null {
  const url = text.trim();
  if (url === '') return null;
  if (url.length > SOFTWARE_VERSION_LIMITS.releaseNotesUrl) return formatMessage(MESSAGES.maxLength, { 1: SOFTWARE_VERSION_LIMITS.releaseNotesUrl });
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? null : SOFTWARE_VERSION_MESSAGES.releaseNotesUrl;
  } catch {
    return SOFTWARE_VERSION_MESSAGES.releaseNotesUrl;
  }
}

/** The create/edit form's errors (the form and the server call the same function). */
export function softwareVersionFormErrors(form: SoftwareVersionForm, takenVersions: Iterable<string>): FormErrors<keyof SoftwareVersionForm> {
  const errors: FormErrors<keyof SoftwareVersionForm> = {};
  const version = versionNumberError(form.version, takenVersions);
  if (version !== null) errors.version = version;
  if (form.description.length > SOFTWARE_VERSION_LIMITS.description) errors.description = formatMessage(MESSAGES.maxLength, { 1: SOFTWARE_VERSION_LIMITS.description });
  const url = releaseNotesUrlError(form.releaseNotesUrl);
  if (url !== null) errors.releaseNotesUrl = url;
  return errors;
}

/** A stored version as the offer rules read it. */
export interface OfferedVersion {
  readonly version: string;
  /** Product or server types; empty: every type. */
  readonly supportedDevices: readonly string[];
  /** Inventory ids; empty: every inventory. */
  readonly inventoryIds: readonly string[];
}

/** Whether a version is offered to a device of this type in this inventory. */
export function isOffered(version: OfferedVersion, device: { readonly type: string; readonly inventoryId: string | null }): boolean {
  const typeOk = version.supportedDevices.length === 0 || version.supportedDevices.includes(device.type);
  const inventoryOk = version.inventoryIds.length === 0 || (device.inventoryId !== null && version.inventoryIds.includes(device.inventoryId));
  return typeOk && inventoryOk;
}

/** Versions sorted newest first, as dotted numbers. */
export function newestFirst<T extends { readonly version: string }>(versions: readonly T[]): T[] {
  return [...versions].sort((a, b) => compareVersions(b.version, a.version));
}

// ── Server-side codes of a refused upgrade (spec 000 §8, 001 §8, 002 §8) ──────────────────────

/** spec 000 §3: excluded types are never offered an upgrade (ours: refused like the hardware code). */
export function isExcludedFromUpgrade(type: string): boolean {
  return (EXCLUDED_TYPES as readonly string[]).includes(type);
}

/** spec 000 §8 server-side codes. */
export const UPGRADE_SERVER_CODES = {
  targetNotAllowed: 6802,
  unsupportedOnLu600H264: 6803,
  serverOffline: 6199,
  serverBusy: 6808,
  hardwareDisallows: 6810,
} as const;

/** LU600 family types (6803: "one low-end model on a certain video codec"). */
export const LU600_TYPES = ['600', '600c', '600 (DB)'] as const;
/** Ours: the codec and the first major that LU600 units on it cannot run (spec gives neither). */
export const LU600_H264_CODEC = 'H.264';
export const LU600_H264_MAX_MAJOR = 8;

/** Every fact one device's upgrade check needs. */
export type DeviceUpgradeFacts =
  | (Extract<UpgradeRequest, { device: 'unit' }> & {
      /** No server serves the unit (its inventory has no MMH, or it is offline): 6199. */
      readonly serverOnline: boolean;
      /** The unit's video codec (settings), for 6803. */
      readonly videoCodec: string | null;
    })
  | Extract<UpgradeRequest, { device: 'server' }>;

/** A refused upgrade: the rule's reason and text, and the server-side code with its text. */
export interface UpgradeRejection {
  readonly reason: UpgradeRefusal | 'excludedType' | 'serverOffline' | 'lu600H264';
  readonly message: string;
  readonly code: number;
  readonly codeMessage: string;
}

export type DeviceUpgradeDecision = Extract<UpgradeDecision, { allowed: true }> | ({ readonly allowed: false } & UpgradeRejection);

const rejection = (reason: UpgradeRejection['reason'], message: string, code: number): DeviceUpgradeDecision => ({
  allowed: false,
  reason,
  message,
  code,
  codeMessage: upgradeErrorMessage(code),
});

/** The code that answers a rule's refusal: the hardware (type) or the server's state, else "target not allowed". */
export function codeOfRefusal(reason: UpgradeRefusal): number {
  if (reason === 'notUpgradableType') return UPGRADE_SERVER_CODES.hardwareDisallows;
  if (reason === 'serverNotIdle') return UPGRADE_SERVER_CODES.serverBusy;
  return UPGRADE_SERVER_CODES.targetNotAllowed;
}

/**
 * Decides one device's upgrade with its code: excluded types (6810), the rules of upgrade.ts
 * (6810 for a not-upgradable type, 6808 for a busy server, 6802 otherwise), an offline server
 * (6199) and LU600 units on H.264 moving above 8.x (6803).
 */
export function decideDeviceUpgrade(facts: DeviceUpgradeFacts): DeviceUpgradeDecision {
  if (facts.device === 'unit') {
    if (isExcludedFromUpgrade(facts.productType)) {
      return rejection('excludedType', 'This product type is excluded from software upgrades.', UPGRADE_SERVER_CODES.hardwareDisallows);
    }
    if (isUpgradableType(facts.productType) && !facts.serverOnline) {
      return rejection('serverOffline', upgradeErrorMessage(UPGRADE_SERVER_CODES.serverOffline), UPGRADE_SERVER_CODES.serverOffline);
    }
  }
  const decision = checkUpgrade(facts);
  if (!decision.allowed) return rejection(decision.reason, decision.message, codeOfRefusal(decision.reason));
  if (
    facts.device === 'unit' &&
    (LU600_TYPES as readonly string[]).includes(facts.productType) &&
    facts.videoCodec === LU600_H264_CODEC &&
    (parseVersion(facts.targetVersion)?.[0] ?? 0) > LU600_H264_MAX_MAJOR
  ) {
    return rejection('lu600H264', upgradeErrorMessage(UPGRADE_SERVER_CODES.unsupportedOnLu600H264), UPGRADE_SERVER_CODES.unsupportedOnLu600H264);
  }
  return decision;
}
