/**
 * The edit-server forms (spec 001 §2 "edit server (tabs General, Server Info, SMPTE 2110, IP
 * Pipe)", §3 admin fields, §5 rules) and the IFB server form (support menu). Pure: the drawer
 * checks as the user types and the server checks again with the same function and words.
 *
 * Field sets the spec does not show are ours (docs/domain.md "Servers and devices"): the MMH and
 * video return configurations, the server's SMPTE 2110 interface, the IP pipe.
 */
import type { FormErrors } from './validation/check.ts';
import { firstError } from './validation/check.ts';
import { entityNameError, NAME_MAX_LENGTH } from './validation/names.ts';
import { integer, ipOrDns, maxLength, maxValue, minValue, number, required, requiredNumber, type NumberInput } from './validation/fields.ts';
import { serverMaxChannels } from './validation/servers.ts';
import { genlockOffset, withinRuntimeBounds, type RuntimeBounds } from './validation/genlock.ts';
import { ipPipePort, port } from './validation/ports.ts';
import { CLOUD_REGIONS, IP_PIPE_BITRATE_KBPS, type IfbMode } from './servers.ts';

/** General tab: name (spec 001 §5 name rule, unique), alias, max channels 8-24, IFB mode, cloud region. */
export interface ServerGeneral {
  readonly name: string;
  readonly alias: string;
  readonly maxChannels: NumberInput;
  readonly ifbMode: IfbMode;
  readonly cloudRegion: string;
}

export const ALIAS_MAX = 64;
export const UNKNOWN_CLOUD_REGION = 'Choose one of the listed cloud regions';

export function serverGeneralErrors(form: ServerGeneral, takenNames: Iterable<string>): FormErrors<'name' | 'alias' | 'maxChannels' | 'cloudRegion'> {
  const errors: FormErrors<'name' | 'alias' | 'maxChannels' | 'cloudRegion'> = {};
  const name = entityNameError(form.name, takenNames);
  if (name !== null) errors.name = name;
  const alias = maxLength(ALIAS_MAX)(form.alias);
  if (alias !== null) errors.alias = alias;
  const max = serverMaxChannels(form.maxChannels);
  if (max !== null) errors.maxChannels = max;
  if (form.cloudRegion !== '' && !(CLOUD_REGIONS as readonly string[]).includes(form.cloudRegion)) errors.cloudRegion = UNKNOWN_CLOUD_REGION;
  return errors;
}

/** The server's SMPTE 2110 interface (ours): on/off, PTP domain and base port within the server's bounds, genlock −511..511. */
export interface ServerSmpte {
  readonly enabled: boolean;
  readonly ptpDomain: NumberInput;
  readonly basePort: NumberInput;
  readonly genlockOffset: NumberInput;
}

export function serverSmpteErrors(form: ServerSmpte, bounds: { readonly port: RuntimeBounds; readonly ptpDomain: RuntimeBounds }): FormErrors<'ptpDomain' | 'basePort' | 'genlockOffset'> {
  const errors: FormErrors<'ptpDomain' | 'basePort' | 'genlockOffset'> = {};
  const genlock = genlockOffset(form.genlockOffset);
  if (genlock !== null) errors.genlockOffset = genlock;
  if (form.enabled) {
    const domain = withinRuntimeBounds(form.ptpDomain, bounds.ptpDomain);
    if (domain !== null) errors.ptpDomain = domain;
    const base = withinRuntimeBounds(form.basePort, bounds.port);
    if (base !== null) errors.basePort = base;
  }
  return errors;
}

/** The IP pipe (ours beyond spec 001 §5 "IP pipe port 1-65535" and 000 §9 "under 1 Mbps"). */
export interface IpPipe {
  readonly enabled: boolean;
  readonly destinationHost: string;
  readonly port: NumberInput;
  readonly bitrateKbps: NumberInput;
  readonly protocol: 'udp' | 'tcp';
}

export function ipPipeErrors(form: IpPipe): FormErrors<'destinationHost' | 'port' | 'bitrateKbps'> {
  const errors: FormErrors<'destinationHost' | 'port' | 'bitrateKbps'> = {};
  if (!form.enabled) return errors;
  const host = firstError(form.destinationHost, [required, ipOrDns, maxLength(NAME_MAX_LENGTH)]);
  if (host !== null) errors.destinationHost = host;
  const p = firstError(form.port, [requiredNumber, ipPipePort]);
  if (p !== null) errors.port = p;
  const rate = firstError(form.bitrateKbps, [requiredNumber, number, integer, minValue(IP_PIPE_BITRATE_KBPS.min), maxValue(IP_PIPE_BITRATE_KBPS.max)]);
  if (rate !== null) errors.bitrateKbps = rate;
  return errors;
}

/** MMH configuration (ours): recording on the server, storage quota (GB) and file retention (days). */
export interface MmhConfiguration {
  readonly recordingEnabled: boolean;
  readonly storageQuotaGb: NumberInput;
  readonly retentionDays: NumberInput;
}
export const STORAGE_QUOTA_GB = { min: 10, max: 100_000 } as const;
export const RETENTION_DAYS = { min: 1, max: 365 } as const;

export function mmhConfigurationErrors(form: MmhConfiguration): FormErrors<'storageQuotaGb' | 'retentionDays'> {
  const errors: FormErrors<'storageQuotaGb' | 'retentionDays'> = {};
  const quota = firstError(form.storageQuotaGb, [requiredNumber, number, integer, minValue(STORAGE_QUOTA_GB.min), maxValue(STORAGE_QUOTA_GB.max)]);
  if (quota !== null) errors.storageQuotaGb = quota;
  const days = firstError(form.retentionDays, [requiredNumber, number, integer, minValue(RETENTION_DAYS.min), maxValue(RETENTION_DAYS.max)]);
  if (days !== null) errors.retentionDays = days;
  return errors;
}

/** Video return server configuration (ours): receivers at once and the SRT latency (ms). */
export interface VrConfiguration {
  readonly maxReceivers: NumberInput;
  readonly latencyMs: NumberInput;
}
export const VR_MAX_RECEIVERS = { min: 1, max: 100 } as const;
export const VR_LATENCY_MS = { min: 20, max: 8000 } as const;

export function vrConfigurationErrors(form: VrConfiguration): FormErrors<'maxReceivers' | 'latencyMs'> {
  const errors: FormErrors<'maxReceivers' | 'latencyMs'> = {};
  const receivers = firstError(form.maxReceivers, [requiredNumber, number, integer, minValue(VR_MAX_RECEIVERS.min), maxValue(VR_MAX_RECEIVERS.max)]);
  if (receivers !== null) errors.maxReceivers = receivers;
  const latency = firstError(form.latencyMs, [requiredNumber, number, integer, minValue(VR_LATENCY_MS.min), maxValue(VR_LATENCY_MS.max)]);
  if (latency !== null) errors.latencyMs = latency;
  return errors;
}

/** IFB server (support menu; fields ours): name (spec 001 §5 name rule, unique), SIP host, SIP port 0-65535. */
export interface IfbServerForm {
  readonly name: string;
  readonly host: string;
  readonly port: NumberInput;
}

export function ifbServerErrors(form: IfbServerForm, takenNames: Iterable<string>): FormErrors<'name' | 'host' | 'port'> {
  const errors: FormErrors<'name' | 'host' | 'port'> = {};
  const name = entityNameError(form.name, takenNames);
  if (name !== null) errors.name = name;
  const host = firstError(form.host, [required, ipOrDns, maxLength(NAME_MAX_LENGTH)]);
  if (host !== null) errors.host = host;
  const p = firstError(form.port, [requiredNumber, port]);
  if (p !== null) errors.port = p;
  return errors;
}

/** Default configurations a server has before anyone saved one. */
export const DEFAULT_MMH_CONFIGURATION = { recordingEnabled: true, storageQuotaGb: 2000, retentionDays: 30 } as const;
export const DEFAULT_VR_CONFIGURATION = { maxReceivers: 20, latencyMs: 500 } as const;
export const DEFAULT_SERVER_SMPTE = { enabled: false, ptpDomain: 127, basePort: 5004, genlockOffset: 0 } as const;
export const DEFAULT_IP_PIPE = { enabled: false, destinationHost: '', port: 9000, bitrateKbps: 500, protocol: 'udp' } as const;
