/**
 * A server row made live: the REST row (read at its `rev`) with the newest server.status the
 * worker handed over (issue 12), when that is newer. Pure.
 */
import type { ServerRow } from '../../protocol/rest/servers.ts';
import type { ServerView } from '../../../workers/pipeline/diff.ts';
import { HW_STATUSES, SERVER_STATES, type HwStatus, type ServerState } from '../../domain/servers.ts';

const pick = <T extends string>(values: readonly T[], value: unknown, fallback: T): T => (values as readonly unknown[]).includes(value) ? (value as T) : fallback;
const num = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

export function liveServer(row: ServerRow, live: ServerView | undefined): ServerRow {
  const data = live?.status;
  if (live === undefined || data === undefined || live.rev <= row.rev) return row;
  const usage = (typeof data['serverUsage'] === 'object' && data['serverUsage'] !== null ? data['serverUsage'] : {}) as Record<string, unknown>;
  return {
    ...row,
    state: pick<ServerState>(SERVER_STATES, data.state, row.state),
    applications: data.applications ?? {},
    upTime: Math.floor(num(data.upTime, row.upTime)),
    serverUsage: {
      cpuPercent: num(usage['cpuPercent'], row.serverUsage.cpuPercent),
      memoryPercent: num(usage['memoryPercent'], row.serverUsage.memoryPercent),
      bandwidthKbps: num(usage['bandwidthKbps'], row.serverUsage.bandwidthKbps),
    },
    tallyHwStatus: pick<HwStatus>(HW_STATUSES, data['tallyHwStatus'], row.tallyHwStatus),
    audioHwStatus: pick<HwStatus>(HW_STATUSES, data['audioHwStatus'], row.audioHwStatus),
    rev: live.rev,
  };
}

/** upTime (s) as "3d 4h 5m" (days and hours shown only when not zero). */
export function formatUpTime(seconds: number): string {
  if (seconds <= 0) return '—';
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return [d > 0 ? `${d}d` : '', d > 0 || h > 0 ? `${h}h` : '', `${m}m`].filter((p) => p !== '').join(' ');
}
