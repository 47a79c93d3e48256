/** The activity feed's calls, each through `call(endpoint)` (answers decoded with their Schema). */
import { call } from '../../api/call.ts';
import * as api from '../../protocol/rest/activity.ts';
import type { ActivityQuery } from '../../protocol/rest/activity.ts';

export const activityKeys = {
  all: ['activity'] as const,
  list: ['activity', 'list'] as const,
  facets: ['activity', 'facets'] as const,
};

export const fetchActivityPage = (query: ActivityQuery, signal: AbortSignal) => call(api.listActivity, { query }, { signal });

export const fetchFacets = (signal: AbortSignal) => call(api.activityFacets, {}, { signal });
