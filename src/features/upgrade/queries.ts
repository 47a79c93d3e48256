/** The upgrade calls of the console (src/protocol/rest/upgrade.ts) and their query keys. */
import { call } from '../../api/call.ts';
import * as upgrade from '../../protocol/rest/upgrade.ts';
import type { UpgradeDevices, UpgradeWave } from '../../protocol/rest/upgrade.ts';

/** How often a running wave is read again (ms): progress moves every few seconds. */
export const WAVE_REFRESH_MS = 1_000;

export const upgradeKeys = {
  all: ['upgrade'] as const,
  options: (devices: UpgradeDevices) => ['upgrade', 'options', [...devices.units].sort().join(','), [...devices.servers].sort().join(',')] as const,
  wave: (id: string) => ['upgrade', 'wave', id] as const,
  batchCheck: (csv: string) => ['upgrade', 'batch', csv.length, csv.slice(0, 64)] as const,
};

export const fetchUpgradeOptions = (devices: UpgradeDevices, signal: AbortSignal) => call(upgrade.upgradeOptions, { body: devices }, { signal });

export const startUpgrade = (devices: UpgradeDevices, targetVersion: string): Promise<UpgradeWave> =>
  call(upgrade.startUpgrade, { body: { units: devices.units, servers: devices.servers, targetVersion } });

export const fetchUpgradeWave = (id: string, signal: AbortSignal) => call(upgrade.getUpgradeWave, { params: { id } }, { signal });

export const checkBatchUpgrade = (csv: string, signal?: AbortSignal) => call(upgrade.checkBatchUpgrade, { body: { csv } }, signal === undefined ? {} : { signal });

export const startBatchUpgrade = (csv: string, targetVersion: string): Promise<UpgradeWave> => call(upgrade.startBatchUpgrade, { body: { csv, targetVersion } });
