/**
 * The recorded event logs the server holds, for the console's Replay page (issue 6 item 3; super
 * user only, like the /replay route: a log may hold any customer's fleet). Ours (docs/api.md):
 *   GET v2/replay/logs         → [{ name, size, modified, source }]
 *   GET v2/replay/logs/{name}  → the log itself, NDJSON (docs/protocol.md), streamed
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';

const TAGS = ['replay'] as const;

/** Where a log comes from: the current LUC_RECORD file, LUC_LOG_DIR, or the committed fixtures/. */
export const LOG_SOURCES = ['recording', 'logs', 'fixtures'] as const;
export type LogSourceName = (typeof LOG_SOURCES)[number];

/** Longest log name accepted in the path (characters; file names are shorter on every file system we serve from). */
export const MAX_LOG_NAME_LENGTH = 255;

/** The media type of a log (one JSON value per line). */
export const NDJSON_MEDIA_TYPE = 'application/x-ndjson; charset=utf-8';

export const ServerLog = Schema.Struct({
  name: Schema.String,
  /** Bytes. */
  size: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  /** ISO 8601 time of the last change. */
  modified: Schema.String,
  source: Schema.Literals(LOG_SOURCES),
});
export type ServerLog = typeof ServerLog.Type;

export const listReplayLogs = endpoint({
  method: 'GET',
  path: 'v2/replay/logs',
  summary: 'The recorded event logs the server holds (LUC_RECORD, LUC_LOG_DIR, fixtures); super user only',
  tags: TAGS,
  response: Schema.Array(ServerLog),
});

export const getReplayLog = endpoint({
  method: 'GET',
  path: 'v2/replay/logs/{name}',
  summary: 'One recorded event log, streamed as NDJSON (docs/protocol.md); only names of the listing are served; super user only',
  tags: TAGS,
  params: Schema.Struct({ name: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(MAX_LOG_NAME_LENGTH)) }),
  response: Schema.String,
  produces: NDJSON_MEDIA_TYPE,
});

/** Every endpoint of the area. */
export const REPLAY_LOG_ENDPOINTS = [listReplayLogs, getReplayLog] as const;
