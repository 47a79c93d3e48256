/**
 * The texts the simulator answers a refused command with, all taken from the domain catalogue
 * (src/domain/errors.ts, src/domain/validation/capping.ts). One place, so the REST layer and the
 * tests see the same words.
 *
 * Send logs: the issue (3, item 4) says "sending logs from a busy unit answers 'Selected channel is
 * busy'", and spec 000 §8 lists "Selected channel is offline" beside it: the simulator treats the
 * unit being sent logs from as the selected channel (offline first, then busy). See the report:
 * domain's sendLogsRefusal checks "unit online and idle" first and would answer another text.
 */
import { ERRORS } from '../../domain/errors.ts';
import { BUSY_UNIT_CAPPING_MESSAGE, CELLULAR_ABOVE_TOTAL_MESSAGE } from '../../domain/validation/capping.ts';
import type { CommandResult } from './commands.ts';

/** HTTP statuses of refusals: the unit exists but its state forbids the command; bad parameters; unknown unit. */
export const CONFLICT = 409;
export const BAD_REQUEST = 400;
export const NOT_FOUND = 404;

export const REFUSALS = {
  unknownUnit: { status: NOT_FOUND, message: 'Unit not found' },
  sendLogsOffline: { status: CONFLICT, message: ERRORS.sendLogs.channelOffline },
  sendLogsBusy: { status: CONFLICT, message: ERRORS.sendLogs.channelBusy },
  busyOrOffline: { status: CONFLICT, message: ERRORS.unit.busyOrOffline },
  cappingBusy: { status: CONFLICT, message: BUSY_UNIT_CAPPING_MESSAGE },
  cappingCellularAboveTotal: { status: BAD_REQUEST, message: CELLULAR_ABOVE_TOTAL_MESSAGE },
} as const satisfies Record<string, { status: number; message: string }>;

export type RefusalKey = keyof typeof REFUSALS;

export function refuse(key: RefusalKey): CommandResult {
  return { ok: false, ...REFUSALS[key] };
}
