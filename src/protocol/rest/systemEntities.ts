/**
 * System Entities (spec 002 §2 /system_entities, super user): what the tabs need beyond the
 * areas' own admin calls. The server tabs (mmh_servers, vr_servers, ingest_servers,
 * transceiver_servers) list every server of a type; spec 001 §7 names only the per-inventory
 * form (admin inventories/{id}/servers by type), so the system-wide list is ours, with the same
 * type names.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, IntBetween, MAX_PAGE_LIMIT, MAX_PAGE_OFFSET, MAX_SEARCH_LENGTH, Page, SORT_DIRECTIONS } from './common.ts';
import { SERVER_ADMIN_QUERY, SERVER_TYPES } from '../../domain/servers.ts';

export const SERVER_ADMIN_TYPES = SERVER_TYPES.map((type) => SERVER_ADMIN_QUERY[type]) as unknown as readonly ['mmh_server', 'vr_server', 'ingest_server', 'transceiver_server'];

export const SystemServerRow = Schema.Struct({
  id: Id,
  name: Schema.String,
  type: Schema.Literals(SERVER_TYPES),
  serial: Schema.String,
  swVersion: Schema.String,
  alias: Schema.String,
  inventoryId: Schema.NullOr(Id),
  inventoryName: Schema.NullOr(Schema.String),
  maxChannels: Schema.Int,
  cloudRegion: Schema.String,
  channelCount: Schema.Int,
  createdAt: EpochMs,
});
export type SystemServerRow = typeof SystemServerRow.Type;

export const SYSTEM_SERVER_SEARCH_KEYS = ['name', 'serial', 'swVersion', 'inventoryName', 'cloudRegion'] as const;
export const SYSTEM_SERVER_SORT_KEYS = ['name', 'serial', 'swVersion', 'inventoryName', 'cloudRegion', 'channelCount', 'createdAt'] as const;
export type SystemServerSearchKey = (typeof SYSTEM_SERVER_SEARCH_KEYS)[number];
export type SystemServerSortKey = (typeof SYSTEM_SERVER_SORT_KEYS)[number];

export const SystemServerQuery = Schema.Struct({
  type: Schema.Literals(SERVER_ADMIN_TYPES),
  limit: Schema.optionalKey(IntBetween(1, MAX_PAGE_LIMIT)),
  offset: Schema.optionalKey(IntBetween(0, MAX_PAGE_OFFSET)),
  searchKey: Schema.optionalKey(Schema.Literals(SYSTEM_SERVER_SEARCH_KEYS)),
  searchValue: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(MAX_SEARCH_LENGTH))),
  sortBy: Schema.optionalKey(Schema.Literals(SYSTEM_SERVER_SORT_KEYS)),
  sortDir: Schema.optionalKey(Schema.Literals(SORT_DIRECTIONS)),
});

export const listSystemServers = endpoint({
  method: 'GET',
  path: 'v2/admin/servers',
  summary: 'Every server of a type (mmh_server, vr_server, ingest_server, transceiver_server), paged, searched and sorted',
  tags: ['systemEntities'],
  query: SystemServerQuery,
  response: Page(SystemServerRow),
});
