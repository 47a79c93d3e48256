/**
 * The incident centre's calls, each through `call(endpoint)` (src/api/call.ts): answers decoded
 * with the endpoint's Schema. Query keys live here so a write invalidates exactly what it changes.
 */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import * as api from '../../protocol/rest/incidents.ts';
import type { IncidentQuery, ThresholdSettingWire } from '../../protocol/rest/incidents.ts';

/** How often the bell asks for news (ms): a count that lags by at most this is good enough. */
export const BELL_POLL_MS = 10_000;

export const incidentKeys = {
  all: ['incidents'] as const,
  list: ['incidents', 'list'] as const,
  news: ['incidents', 'news'] as const,
  thresholds: (groupId: string) => ['incidents', 'thresholds', groupId] as const,
};

export const fetchIncidentPage = (query: IncidentQuery, signal: AbortSignal) => call(api.listIncidents, { query }, { signal });

export const fetchNews = (after: number | undefined, signal?: AbortSignal) =>
  call(api.incidentNews, { query: after === undefined ? {} : { after } }, signal !== undefined ? { signal } : {});

export const markSeen = (upTo: number) => call(api.markIncidentsSeen, { body: { upTo } });

export const acknowledge = (id: number) => call(api.acknowledgeIncident, { params: { id: String(id) } });

export const fetchThresholds = (groupId: string, signal: AbortSignal) => call(api.getThresholds, { params: { groupId } }, { signal });

export const saveThresholds = (groupId: string, thresholds: readonly ThresholdSettingWire[]) => call(api.setThresholds, { params: { groupId }, body: { thresholds } });

export function invalidateIncidents(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: incidentKeys.all });
}
