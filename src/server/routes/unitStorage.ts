/**
 * Storage and logs calls of spec 000 §7: the unit's storages and files, upload and deletion of
 * files (the last 10 uploads per unit are kept, spec 000 §3, §9), and sending logs (fetch logs:
 * connecting, collecting, stopping, driven by the simulator) with its refusals (spec 000 §8).
 *
 * The simulated unit's files are made up deterministically from its uid the first time they are
 * read and then stored, so deletions persist.
 */
import { createHash } from 'node:crypto';
import { recordUpload, FILE_EXTENSIONS, type UploadedFile } from '../../domain/files.ts';
import { sendLogsRefusal } from '../../domain/errors.ts';
import { supportCaseErrors } from '../../domain/validation/supportCase.ts';
import { isBusy, isOfflineState } from '../../domain/units/status.ts';
import type { UnitId } from '../../domain/brand.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { StoredUnit } from '../areas/units/repo.ts';
import type { RouteArea, RouteDeps } from './area.ts';
import {
  ACCEPTED_RESPONSE,
  accepted,
  idOf,
  objectSchema,
  runCommand,
  saveSetting,
  simUnitOf,
  throwIfInvalid,
  unitRoute,
  visibleUnit,
} from './unitKit.ts';

const TAGS = ['units', 'storage'] as const;

/** Storages of a simulated unit (MB). */
export const SIM_STORAGES = [
  { id: 'internal', name: 'Internal', path: '/internal', totalMb: 64_000 },
  { id: 'sd', name: 'SD card', path: '/sd', totalMb: 128_000 },
] as const;

/** Files made up per storage on first read. */
const SIM_FILES_PER_STORAGE = 6;

interface UnitFile {
  path: string;
  fileName: string;
  sizeBytes: number;
  lastModified: number;
}

function filesOf(deps: RouteDeps, unit: StoredUnit): UnitFile[] {
  const stored = unit.settings['files'] as UnitFile[] | undefined;
  if (stored !== undefined) return stored;
  const digest = createHash('sha256').update(unit.uid).digest();
  const files: UnitFile[] = [];
  SIM_STORAGES.forEach((storage, s) => {
    for (let i = 0; i < SIM_FILES_PER_STORAGE; i += 1) {
      const byte = digest[(s * SIM_FILES_PER_STORAGE + i) % digest.length] ?? 0;
      const extension = FILE_EXTENSIONS[byte % FILE_EXTENSIONS.length] ?? 'mp4';
      const fileName = `${unit.name}_${String(i + 1).padStart(3, '0')}.${extension}`;
      files.push({ path: `${storage.path}/${fileName}`, fileName, sizeBytes: (byte + 1) * 1_048_576, lastModified: deps.now() - (i + 1) * 3_600_000 });
    }
  });
  return files;
}

const uploadsOf = (unit: StoredUnit): UploadedFile[] => (unit.settings['uploads'] as UploadedFile[] | undefined) ?? [];

const PATHS_BODY = objectSchema({ paths: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 1024 } } }, ['paths']);

export const unitStorageArea: RouteArea = (app, deps) => {
  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/units/:id/storages',
    summary: 'Storages of a unit with their used and free space (MB)',
    tags: TAGS,
    access: 'read',
    response: objectSchema({ uid: { type: 'string' }, storages: { type: 'array', items: { type: 'object', additionalProperties: true } } }, ['uid', 'storages']),
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const files = filesOf(deps, unit);
      return {
        uid: unit.uid,
        storages: SIM_STORAGES.map((s) => {
          const usedMb = Math.round(files.filter((f) => f.path.startsWith(`${s.path}/`)).reduce((sum, f) => sum + f.sizeBytes, 0) / 1_048_576);
          return { ...s, usedMb, freeMb: s.totalMb - usedMb };
        }),
      };
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/units/:id/storages/files',
    summary: 'Files of a unit under a path, with the last 10 uploads',
    tags: TAGS,
    access: 'read',
    querystring: { path: { type: 'string', minLength: 1, maxLength: 1024 } },
    requiredQuery: ['path'],
    response: objectSchema(
      { uid: { type: 'string' }, path: { type: 'string' }, files: { type: 'array', items: { type: 'object', additionalProperties: true } }, uploads: { type: 'array', items: { type: 'object', additionalProperties: true } } },
      ['uid', 'path', 'files'],
    ),
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const path = String((request.query as Record<string, unknown>)['path']).replace(/\/+$/, '') || '/';
      const files = filesOf(deps, unit).filter((f) => path === '/' || f.path.startsWith(`${path}/`));
      return { uid: unit.uid, path, files, uploads: uploadsOf(unit) };
    },
  });

  unitRoute(app, deps, {
    method: 'POST',
    url: '/v2/units/:id/storages/files/upload',
    summary: 'Upload files of a unit (paths); each upload starts pending; the last 10 are kept',
    tags: TAGS,
    access: 'operate',
    body: PATHS_BODY,
    response: objectSchema({ uid: { type: 'string' }, uploads: { type: 'array', items: { type: 'object', additionalProperties: true } } }, ['uid', 'uploads']),
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const paths = (request.body as { paths: string[] }).paths;
      const known = new Set(filesOf(deps, unit).map((f) => f.path));
      const missing = paths.find((p) => !known.has(p));
      if (missing !== undefined) throw notFound(`File '${missing.slice(0, 128)}' not found on the unit`);
      let uploads = uploadsOf(unit);
      for (const path of paths) uploads = recordUpload(uploads, { unitId: unit.uid as UnitId, path, status: 'pending' });
      await saveSetting(deps, unit.uid, 'uploads', uploads);
      return { uid: unit.uid, uploads };
    },
  });

  unitRoute(app, deps, {
    method: 'POST',
    url: '/v2/units/:id/storages/files/deletion',
    summary: 'Delete files of a unit (paths); read-only users cannot delete files',
    tags: TAGS,
    access: 'operate',
    body: PATHS_BODY,
    response: objectSchema({ uid: { type: 'string' }, deleted: { type: 'array', items: { type: 'string' } } }, ['uid', 'deleted']),
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const paths = new Set((request.body as { paths: string[] }).paths);
      const files = filesOf(deps, unit);
      const missing = [...paths].find((p) => !files.some((f) => f.path === p));
      if (missing !== undefined) throw notFound(`File '${missing.slice(0, 128)}' not found on the unit`);
      await saveSetting(deps, unit.uid, 'files', files.filter((f) => !paths.has(f.path)));
      return { uid: unit.uid, deleted: [...paths] };
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/units/:id/fetchlogs/enhanced',
    summary: 'Send the unit’s logs (optionally opening a support case); the unit goes through connecting, collecting, stopping',
    tags: ['units', 'logs'],
    access: 'operate',
    body: objectSchema({ openSupportCase: { type: 'boolean' }, description: { type: 'string', maxLength: 4096 } }),
    response: ACCEPTED_RESPONSE,
    handler: async (request) => {
      const uid = idOf(request);
      await visibleUnit(deps, request, uid);
      const body = (request.body ?? {}) as { openSupportCase?: boolean; description?: string };
      if (body.openSupportCase === true) throwIfInvalid(supportCaseErrors({ description: body.description }));
      const live = simUnitOf(deps, uid);
      // Issue 3 / spec 000 §8: the unit the logs come from is "the selected channel", so an offline
      // unit answers "Selected channel is offline" and a busy one "Selected channel is busy".
      const unitBusy = isBusy(live.applications) || live.flow !== null;
      const unitOnline = !isOfflineState(live.state);
      const refusal = sendLogsRefusal({
        unitOnline,
        unitBusy,
        unitIdle: unitOnline && !unitBusy,
        channel: null,
        serverSendingLogsOf: null,
        channelsFetchingLogs: [],
      });
      if (refusal !== null) throw new HttpError(409, refusal.message, { reason: refusal.reason });
      runCommand(deps, uid, { type: 'fetchLogs' });
      if (body.openSupportCase === true) await saveSetting(deps, uid, 'supportCase', { description: body.description, openedAt: deps.now() });
      return accepted(uid, 'fetchLogs');
    },
  });

  unitRoute(app, deps, {
    method: 'DELETE',
    url: '/v2/units/:id/stream/fetchlogs',
    summary: 'Stop sending logs',
    tags: ['units', 'logs'],
    access: 'operate',
    response: ACCEPTED_RESPONSE,
    handler: async (request) => {
      const uid = idOf(request);
      await visibleUnit(deps, request, uid);
      runCommand(deps, uid, { type: 'cancelFetchLogs' });
      return accepted(uid, 'cancelFetchLogs');
    },
  });
};
