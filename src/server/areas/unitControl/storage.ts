/**
 * A unit's storages and files, and sending its logs (spec 000 §7 "Storage and logs"): the last 10
 * uploads per unit are kept (spec 000 §3, §9); sending logs goes connecting, collecting, stopping
 * (the simulator) and is refused with the spec 000 §8 texts.
 *
 * The simulated unit's files are made up deterministically from its uid the first time they are
 * read and then stored, so deletions persist.
 */
import { createHash } from 'node:crypto';
import { recordUpload, FILE_EXTENSIONS, type UploadedFile } from '../../../domain/files.ts';
import { sendLogsRefusal } from '../../../domain/errors.ts';
import { supportCaseErrors } from '../../../domain/validation/supportCase.ts';
import { isBusy, isOfflineState } from '../../../domain/units/status.ts';
import type { UnitId } from '../../../domain/brand.ts';
import type { UnitAccepted } from '../../../protocol/rest/units.ts';
import { HttpError, notFound, refuseFields } from '../../http/errors.ts';
import type { StoredUnit } from '../units/repo.ts';
import { commandInProgress, liveUnit, runCommand, type UnitDeps } from '../units/live.ts';
import { saveSetting, settingList } from '../units/storedSettings.ts';
import { accepted } from './streaming.ts';

/** Storages of a simulated unit (MB). */
export const SIM_STORAGES = [
  { id: 'internal', name: 'Internal', path: '/internal', totalMb: 64_000 },
  { id: 'sd', name: 'SD card', path: '/sd', totalMb: 128_000 },
] as const;

/** Files made up per storage on first read. */
const SIM_FILES_PER_STORAGE = 6;
const MB = 1_048_576;

interface UnitFile {
  path: string;
  fileName: string;
  sizeBytes: number;
  lastModified: number;
}

function filesOf(deps: UnitDeps, unit: StoredUnit): UnitFile[] {
  const stored = settingList<UnitFile>(unit, 'files');
  if (stored !== undefined) return stored;
  const digest = createHash('sha256').update(unit.uid).digest();
  const files: UnitFile[] = [];
  SIM_STORAGES.forEach((storage, s) => {
    for (let i = 0; i < SIM_FILES_PER_STORAGE; i += 1) {
      const byte = digest[(s * SIM_FILES_PER_STORAGE + i) % digest.length] ?? 0;
      const extension = FILE_EXTENSIONS[byte % FILE_EXTENSIONS.length] ?? 'mp4';
      const fileName = `${unit.name}_${String(i + 1).padStart(3, '0')}.${extension}`;
      files.push({ path: `${storage.path}/${fileName}`, fileName, sizeBytes: (byte + 1) * MB, lastModified: deps.now() - (i + 1) * 3_600_000 });
    }
  });
  return files;
}

const uploadsOf = (unit: StoredUnit): UploadedFile[] => settingList<UploadedFile>(unit, 'uploads') ?? [];

export function storagesOf(deps: UnitDeps, unit: StoredUnit) {
  const files = filesOf(deps, unit);
  return {
    uid: unit.uid,
    storages: SIM_STORAGES.map((s) => {
      const usedMb = Math.round(files.filter((f) => f.path.startsWith(`${s.path}/`)).reduce((sum, f) => sum + f.sizeBytes, 0) / MB);
      return { ...s, usedMb, freeMb: s.totalMb - usedMb };
    }),
  };
}

export function filesUnder(deps: UnitDeps, unit: StoredUnit, rawPath: string) {
  const path = rawPath.replace(/\/+$/, '') || '/';
  const files = filesOf(deps, unit).filter((f) => path === '/' || f.path.startsWith(`${path}/`));
  return { uid: unit.uid, path, files, uploads: uploadsOf(unit) };
}

function missingPath(deps: UnitDeps, unit: StoredUnit, paths: Iterable<string>): string | undefined {
  const known = new Set(filesOf(deps, unit).map((f) => f.path));
  for (const path of paths) if (!known.has(path)) return path;
  return undefined;
}

/** Each path starts a pending upload; only the last 10 are kept. */
export async function uploadFiles(deps: UnitDeps, unit: StoredUnit, paths: readonly string[]) {
  const missing = missingPath(deps, unit, paths);
  if (missing !== undefined) throw notFound(`File '${missing.slice(0, 128)}' not found on the unit`);
  let uploads = uploadsOf(unit);
  for (const path of paths) uploads = recordUpload(uploads, { unitId: unit.uid as UnitId, path, status: 'pending' });
  await saveSetting(deps, unit.uid, 'uploads', uploads);
  return { uid: unit.uid, uploads };
}

export async function deleteFiles(deps: UnitDeps, unit: StoredUnit, paths: readonly string[]) {
  const gone = new Set(paths);
  const missing = missingPath(deps, unit, gone);
  if (missing !== undefined) throw notFound(`File '${missing.slice(0, 128)}' not found on the unit`);
  await saveSetting(deps, unit.uid, 'files', filesOf(deps, unit).filter((f) => !gone.has(f.path)));
  return { uid: unit.uid, deleted: [...gone] };
}

/**
 * Sends the unit's logs, optionally opening a support case (description required). The unit the
 * logs come from is "the selected channel" of spec 000 §8: offline answers "Selected channel is
 * offline", busy "Selected channel is busy".
 */
export async function sendLogs(deps: UnitDeps, unit: StoredUnit, body: { openSupportCase?: boolean; description?: string }): Promise<UnitAccepted> {
  if (body.openSupportCase === true) refuseFields(supportCaseErrors({ description: body.description }));
  const live = liveUnit(deps, unit.uid);
  const unitBusy = isBusy(live.applications) || (await commandInProgress(deps, unit.uid));
  const unitOnline = !isOfflineState(live.state);
  const refusal = sendLogsRefusal({ unitOnline, unitBusy, unitIdle: unitOnline && !unitBusy, channel: null, serverSendingLogsOf: null, channelsFetchingLogs: [] });
  if (refusal !== null) throw new HttpError(409, refusal.message, { reason: refusal.reason });
  await runCommand(deps, unit.uid, { type: 'fetchLogs' });
  if (body.openSupportCase === true) await saveSetting(deps, unit.uid, 'supportCase', { description: body.description, openedAt: deps.now() });
  return accepted(unit.uid, 'fetchLogs');
}

export async function stopLogs(deps: UnitDeps, unit: StoredUnit): Promise<UnitAccepted> {
  await runCommand(deps, unit.uid, { type: 'cancelFetchLogs' });
  return accepted(unit.uid, 'cancelFetchLogs');
}
