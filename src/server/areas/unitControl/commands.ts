/**
 * Unit commands (spec 000 §7 "Commands", src/protocol/rest/unitCommands.ts): commands with a live
 * effect drive the simulator; the other setters store their parameters under the unit's
 * `commands` setting and answer accepted. Every command needs the unit in the running fleet (503
 * while it is not running), as a real unit must be reachable to take one.
 */
import { metadataErrors } from '../../../domain/validation/unitFields.ts';
import { filePrefix } from '../../../domain/validation/filePrefix.ts';
import { required } from '../../../domain/validation/fields.ts';
import { speedTestSupported, SPEED_TEST_TIMEOUT_S } from '../../../domain/units/status.ts';
import { STORE_AND_FORWARD_CODECS, STORE_AND_FORWARD_LEVELS, withQualityAliases, QUALITY_V2_KEYS, type StoreAndForwardLevel } from '../../../domain/units/productTypes.ts';
import type { NetworkSelection, StoredCommandName, UnitCommandName } from '../../../protocol/rest/unitCommands.ts';
import type { UnitAccepted } from '../../../protocol/rest/units.ts';
import { conflict, notFound, refuseFields } from '../../http/errors.ts';
import type { LiveUnit } from '../../fleet/port.ts';
import type { StoredUnit } from '../units/repo.ts';
import { liveUnit, runCommand, type UnitDeps } from '../units/live.ts';
import { saveSetting, settingObject } from '../units/storedSettings.ts';
import { accepted, checkDelay } from './streaming.ts';

/** Ours: spec 000 §4 "Speed test needs channel version 7.5.1 or higher" names the rule, not the words. */
export const SPEED_TEST_VERSION_MESSAGE = 'Speed test needs a channel on version 7.5.1 or higher';
/** Ours: a unit must have a selected channel for the speed test. */
export const SPEED_TEST_NO_CHANNEL_MESSAGE = 'Speed test needs a selected channel';

/** The unit a command goes to: stored, and live in the fleet. */
export interface CommandTarget {
  readonly unit: StoredUnit;
  readonly live: LiveUnit;
}

export function commandTarget(deps: UnitDeps, unit: StoredUnit): CommandTarget {
  return { unit, live: liveUnit(deps, unit.uid) };
}

type StoredCommands = Partial<Record<UnitCommandName, unknown>>;

function storedCommands(unit: StoredUnit): StoredCommands {
  return settingObject<StoredCommands>(unit, 'commands') ?? {};
}

/** What a setter stored, or undefined. */
function storedParameters<T>(unit: StoredUnit, command: UnitCommandName): T | undefined {
  return storedCommands(unit)[command] as T | undefined;
}

/** Stores a setter's parameters under settings.commands[command]. */
async function storeParameters(deps: UnitDeps, unit: StoredUnit, command: UnitCommandName, value: unknown): Promise<void> {
  await saveSetting(deps, unit.uid, 'commands', { ...storedCommands(unit), [command]: value });
}

// ── Live commands ──────────────────────────────────────────────────────────────────────────────

export async function setDelayCommand(deps: UnitDeps, { unit, live }: CommandTarget, body: { delay: number | string; subSecond?: boolean }): Promise<UnitAccepted> {
  const delay = Number(body.delay);
  checkDelay(unit, live, delay, body.subSecond === true);
  await runCommand(deps, unit.uid, { type: 'setDelay', delayMs: delay });
  return accepted(unit.uid, 'setDelay');
}

export async function stopStreaming(deps: UnitDeps, { unit }: CommandTarget): Promise<UnitAccepted> {
  await runCommand(deps, unit.uid, { type: 'stopStream' });
  return accepted(unit.uid, 'stopStream');
}

/** LuSetVirtualChannel: the channel named virtualChannelName (or its id) of the unit's group. */
export async function setVirtualChannel(deps: UnitDeps, { unit }: CommandTarget, name: string) {
  refuseFields({ virtualChannelName: required(name) });
  const channels = unit.groupId === null ? [] : await deps.store.channels.listByGroup(unit.groupId);
  const channel = channels.find((c) => c.name === name || c.id === name);
  if (channel === undefined) throw notFound(`Channel '${name.slice(0, 64)}' not found in the unit’s group`);
  await runCommand(deps, unit.uid, { type: 'setChannel', channelId: channel.id });
  await saveSetting(deps, unit.uid, 'virtualChannelName', channel.name);
  return { ...accepted(unit.uid, 'setChannel'), channelId: channel.id, virtualChannelName: channel.name };
}

/** Speed test (spec 000 §4, §9): the selected channel's server must be on 7.5.1+; the unit then tests for up to 10 s. */
export async function speedTest(deps: UnitDeps, { unit, live }: CommandTarget, timeout: number | undefined) {
  if (live.channelId === null) throw conflict(SPEED_TEST_NO_CHANNEL_MESSAGE);
  const channel = await deps.store.channels.get(live.channelId);
  const server = channel?.serverId ? await deps.store.servers.get(channel.serverId) : undefined;
  if (!speedTestSupported(server?.swVersion)) throw conflict(SPEED_TEST_VERSION_MESSAGE);
  await runCommand(deps, unit.uid, { type: 'speedTest' });
  return { ...accepted(unit.uid, 'speedTest'), timeout: timeout ?? SPEED_TEST_TIMEOUT_S };
}

export async function reboot(deps: UnitDeps, { unit }: CommandTarget): Promise<UnitAccepted> {
  await runCommand(deps, unit.uid, { type: 'reboot' });
  return accepted(unit.uid, 'reboot');
}

// ── Reads ──────────────────────────────────────────────────────────────────────────────────────

export function configuration({ unit, live }: CommandTarget, metadata: Record<string, string>) {
  const quality = settingObject<{ codec: string; level: StoreAndForwardLevel }>(unit, 'storeAndForwardQuality') ?? {};
  const qualityV2: Record<string, { levels: typeof STORE_AND_FORWARD_LEVELS; selected: StoreAndForwardLevel | null }> = {};
  for (const codec of STORE_AND_FORWARD_CODECS) {
    qualityV2[QUALITY_V2_KEYS[codec]] = { levels: STORE_AND_FORWARD_LEVELS, selected: quality.codec === codec ? (quality.level ?? null) : null };
  }
  return {
    uid: unit.uid,
    delay: live.delay,
    channelId: live.channelId,
    swVersion: live.swVersion,
    capping: { ...live.capping },
    settings: unit.settings,
    metadata,
    storeAndForwardVideoQualityV2: withQualityAliases({ storeAndForwardVideoQualityV2: qualityV2 }).storeAndForwardVideoQualityV2 ?? qualityV2,
  };
}

export function linkConfiguration({ unit, live }: CommandTarget, port: string) {
  refuseFields({ port: required(port) });
  const link = live.links.find((l) => l.port === port);
  if (link === undefined) throw notFound(`Interface '${port.slice(0, 64)}' not found`);
  const modems = settingObject<Record<string, object>>(unit, 'modems') ?? {};
  return { uid: unit.uid, port, link: { ...link }, config: modems[port] ?? {} };
}

export function wifiNetworks({ unit, live }: CommandTarget) {
  return { uid: unit.uid, networks: live.links.filter((l) => l.type === 'wifi').map((l) => ({ port: l.port, name: l.name, signal: l.signal, connected: l.connected })) };
}

export function filePrefixOf({ unit }: CommandTarget) {
  return { uid: unit.uid, prefix: storedParameters<{ prefix?: string }>(unit, 'LuSetFilePrefix')?.prefix ?? '' };
}

export function ifbDelayOf({ unit }: CommandTarget) {
  return { uid: unit.uid, ifb: storedParameters<{ lowDelay: boolean; at: number }>(unit, 'LuSetIfbDelay') ?? null };
}

export function networkSelectionOf({ unit }: CommandTarget) {
  return { uid: unit.uid, selection: storedParameters<typeof NetworkSelection.Type>(unit, 'LuSetNetworkSelection') ?? { mode: 'automatic' as const } };
}

export function scanResultsOf({ unit }: CommandTarget) {
  return { uid: unit.uid, scan: storedParameters<Record<string, unknown>>(unit, 'LuScanNetworks') ?? null };
}

// ── Setters ────────────────────────────────────────────────────────────────────────────────────

/** LuSetMetadata: every value is written as text, then the metadata rules (no ; or \, ≤ 1024). */
export async function setMetadata(deps: UnitDeps, { unit }: CommandTarget, metadata: Readonly<Record<string, string | number | boolean | null>> | undefined): Promise<UnitAccepted> {
  const fields = Object.fromEntries(Object.entries(metadata ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : String(v ?? '')]));
  refuseFields(metadataErrors(fields));
  await deps.store.units.update(unit.uid, { metadata: fields }, deps.now());
  return accepted(unit.uid, 'setMetadata');
}

/** LuSetFilePrefix: at most 32 characters (spec 000 §9). */
export async function setFilePrefix(deps: UnitDeps, { unit }: CommandTarget, prefix: string | undefined): Promise<UnitAccepted> {
  refuseFields({ prefix: filePrefix(prefix) });
  await storeParameters(deps, unit, 'LuSetFilePrefix', { prefix });
  return accepted(unit.uid, 'LuSetFilePrefix');
}

export async function setStoreAndForwardQuality(deps: UnitDeps, { unit }: CommandTarget, quality: { codec: string; level: string }): Promise<UnitAccepted> {
  await saveSetting(deps, unit.uid, 'storeAndForwardQuality', { codec: quality.codec, level: quality.level });
  return accepted(unit.uid, 'LuSetStoreAndForwardQuality');
}

/** A setter whose parameters are stored as sent (checked by its endpoint's Schema). */
export async function storeAsSent(deps: UnitDeps, { unit }: CommandTarget, command: 'LuSetAudioBitrate' | 'LuSetVideoComplexity' | 'LuSetNetworkSelection', body: object): Promise<UnitAccepted> {
  await storeParameters(deps, unit, command, body);
  return accepted(unit.uid, command);
}

/** A setter with no effect of its own: its parameters and the time they were sent. */
export async function storeWithTime(deps: UnitDeps, { unit }: CommandTarget, command: StoredCommandName | CameraCommandName | IfbCommandName | 'LuSetShootingMode', body: object): Promise<UnitAccepted> {
  await storeParameters(deps, unit, command, { ...body, at: deps.now() });
  return accepted(unit.uid, command);
}

export type CameraCommandName =
  | 'LuCameraTakeControl'
  | 'LuCameraFocus'
  | 'LuCameraAutoFocus'
  | 'LuCameraIris'
  | 'LuCameraAutoIris'
  | 'LuCameraGain'
  | 'LuCameraWhiteBalance'
  | 'LuCameraAutoWhiteBalance'
  | 'LuCameraZoom';
export type IfbCommandName = 'LuSetIfbDelay' | 'LuSetIfbAlwaysOn';

/** LuCancelFileUpload: a cancelled upload ends as failed (spec 000 §3 upload statuses have no "cancelled"). */
export async function cancelFileUpload(deps: UnitDeps, { unit }: CommandTarget, files: readonly string[]): Promise<UnitAccepted> {
  const uploads = ((unit.settings['uploads'] as { path: string; status: string }[] | undefined) ?? []).map((u) =>
    files.includes(u.path) && (u.status === 'pending' || u.status === 'uploading') ? { ...u, status: 'failed' } : u,
  );
  await saveSetting(deps, unit.uid, 'uploads', uploads);
  return accepted(unit.uid, 'LuCancelFileUpload');
}
