/**
 * The incident centre's calls (issue 17 items 1 and 2): the log of every unit transition, alert
 * and threshold the server recorded (src/server/areas/incidents/), searched and filtered by unit,
 * group, kind, severity and time; the bell's unseen count and the toasts of the user's thresholds;
 * acknowledging an incident; and the user's own thresholds per group. Paths and shapes are ours
 * (the specs have no incident centre); docs/api.md lists them.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, FreeNumber, Id, IdParams, IntBetween, MAX_PAGE_LIMIT, MAX_PAGE_OFFSET, MAX_SEARCH_LENGTH, Page, SORT_DIRECTIONS, RefTo, PartOf, NotARef } from './common.ts';
import { INCIDENT_KINDS, INCIDENT_SEVERITIES, THRESHOLD_KINDS } from '../../domain/incidents.ts';

const TAGS = ['incidents'] as const;

export const Incident = Schema.Struct({
  id: Schema.Int,
  at: EpochMs,
  kind: Schema.Literals(INCIDENT_KINDS),
  severity: Schema.Literals(INCIDENT_SEVERITIES),
  /** The transition name, the alert type or the threshold kind. */
  code: Schema.String,
  /** What happened, in English (the console words it by kind and code). */
  message: Schema.String,
  unitId: Id,
  unitName: Schema.String,
  groupId: Schema.NullOr(Id),
  groupName: Schema.String,
  /** True for an incident of the caller's own threshold (nobody else sees it). */
  personal: Schema.Boolean,
  /** The threshold asked for a toast (personal incidents only). */
  toast: Schema.Boolean,
  acknowledged: Schema.NullOr(Schema.Struct({ by: Schema.String, at: EpochMs })),
});
export type Incident = typeof Incident.Type;

export const INCIDENT_SEARCH_KEYS = ['any', 'unit', 'message'] as const;
export const INCIDENT_SORT_KEYS = ['at', 'unit', 'severity', 'kind'] as const;
export type IncidentSearchKey = (typeof INCIDENT_SEARCH_KEYS)[number];
export type IncidentSortKey = (typeof INCIDENT_SORT_KEYS)[number];

/** Which acknowledgement state to list. */
export const ACK_FILTERS = ['all', 'open', 'acknowledged'] as const;

export const IncidentQuery = Schema.Struct({
  limit: Schema.optionalKey(IntBetween(1, MAX_PAGE_LIMIT)),
  offset: Schema.optionalKey(IntBetween(0, MAX_PAGE_OFFSET)),
  /** From (ms, inclusive); default 24 h ago; never before the 60 days kept. */
  from: Schema.optionalKey(EpochMs),
  /** To (ms, exclusive); default now. */
  to: Schema.optionalKey(EpochMs),
  kind: Schema.optionalKey(Schema.Literals(INCIDENT_KINDS)),
  /** This severity or above. */
  severity: Schema.optionalKey(Schema.Literals(INCIDENT_SEVERITIES)),
  groupId: Schema.optionalKey(RefTo('group')),
  unitId: Schema.optionalKey(NotARef('a filter of incidents kept after their unit went; the listing holds only the caller’s groups')),
  acknowledged: Schema.optionalKey(Schema.Literals(ACK_FILTERS)),
  searchKey: Schema.optionalKey(Schema.Literals(INCIDENT_SEARCH_KEYS)),
  searchValue: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(MAX_SEARCH_LENGTH))),
  sortBy: Schema.optionalKey(Schema.Literals(INCIDENT_SORT_KEYS)),
  sortDir: Schema.optionalKey(Schema.Literals(SORT_DIRECTIONS)),
});
export type IncidentQuery = typeof IncidentQuery.Type;

/** `total` counts at most the cap + 1 matches (`capped` then), as the activity feed does. */
export const IncidentPage = Schema.Struct({ ...Page(Incident).fields, capped: Schema.Boolean });
export type IncidentPage = typeof IncidentPage.Type;

/** The bell: how many the user has not seen, and what is new since `after`. */
export const IncidentNews = Schema.Struct({
  /** Unseen incidents of warning severity or above (capped at BELL_COUNT_CAP + 1). */
  unseen: Schema.Int,
  /** The newest incident id the caller may see (0: none); `after` for the next call. */
  latestId: Schema.Int,
  /** The caller's threshold incidents after `after` that asked for a toast (newest last, 5 at most). */
  toasts: Schema.Array(Incident),
});
export type IncidentNews = typeof IncidentNews.Type;

export const incidentNews = endpoint({
  method: 'GET',
  path: 'v2/incidents/news',
  summary: 'The bell: unseen incidents (warning and above) and the toasts of the caller’s thresholds since `after`',
  tags: TAGS,
  query: Schema.Struct({ after: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))) }),
  response: IncidentNews,
});

export const listIncidents = endpoint({
  method: 'GET',
  path: 'v2/incidents',
  summary: 'Incidents the caller may see (their groups’ units, their own thresholds), searched, filtered and sorted, newest first by default',
  tags: TAGS,
  query: IncidentQuery,
  response: IncidentPage,
});

export const markIncidentsSeen = endpoint({
  method: 'PUT',
  path: 'v2/incidents/seen',
  summary: 'The caller has seen every incident up to this id (the bell counts from there)',
  tags: TAGS,
  body: Schema.Struct({ upTo: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)) }),
  response: IncidentNews,
});

export const acknowledgeIncident = endpoint({
  method: 'PUT',
  path: 'v2/incidents/{id}/acknowledgement',
  summary: 'Acknowledge an incident (who and when are kept; a second acknowledgement keeps the first)',
  tags: TAGS,
  params: Schema.Struct({ id: PartOf('incident of the caller’s groups') }),
  response: Incident,
});

// ── Thresholds (per user, per group) ──────────────────────────────────────────────────────────

export const ThresholdSetting = Schema.Struct({
  kind: Schema.Literals(THRESHOLD_KINDS),
  enabled: Schema.Boolean,
  /** kbps (lowUplink), % (battery), minutes (offlineLong); null for cameraDisconnected and linkLoss. */
  value: Schema.NullOr(FreeNumber),
  /** s (lowUplink); null otherwise. */
  seconds: Schema.NullOr(FreeNumber),
  toast: Schema.Boolean,
});
export type ThresholdSettingWire = typeof ThresholdSetting.Type;

export const GroupThresholds = Schema.Struct({
  groupId: Id,
  /** One per kind, in THRESHOLD_KINDS order. */
  thresholds: Schema.Array(ThresholdSetting),
  updatedAt: Schema.NullOr(EpochMs),
});

export const GroupParams = Schema.Struct({ groupId: Id });

export const getThresholds = endpoint({
  method: 'GET',
  path: 'v2/incidents/thresholds/{groupId}',
  summary: 'The caller’s thresholds for one of their groups (every kind; off until set)',
  tags: TAGS,
  params: GroupParams,
  response: GroupThresholds,
});

export const setThresholds = endpoint({
  method: 'PUT',
  path: 'v2/incidents/thresholds/{groupId}',
  summary: 'Set the caller’s thresholds for one of their groups (the kinds given replace the stored ones)',
  tags: TAGS,
  params: GroupParams,
  body: Schema.Struct({ thresholds: Schema.Array(ThresholdSetting).check(Schema.isMaxLength(THRESHOLD_KINDS.length)) }),
  response: GroupThresholds,
});

export const INCIDENT_ENDPOINTS = [incidentNews, listIncidents, markIncidentsSeen, acknowledgeIncident, getThresholds, setThresholds] as const;
