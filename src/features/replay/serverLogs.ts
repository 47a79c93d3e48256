/**
 * The logs the server holds (GET v2/replay/logs, super user only) and one log's bytes
 * (GET v2/replay/logs/{name}), for the Replay page's "On the server" list, through the contract
 * (src/protocol/rest/replayLogs.ts): the listing is decoded by `call` with its Schema; a log is
 * handed over as bytes (the replay worker decodes and parses them).
 */
import { call } from '../../api/call.ts';
import { callBytes } from '../../api/callBytes.ts';
import { getReplayLog, listReplayLogs, type ServerLog } from '../../protocol/rest/replayLogs.ts';

export type { ServerLog } from '../../protocol/rest/replayLogs.ts';

export async function fetchServerLogs(signal?: AbortSignal): Promise<readonly ServerLog[]> {
  return call(listReplayLogs, {}, signal === undefined ? {} : { signal });
}

/** The log's bytes, as stored on the server. */
export async function fetchServerLog(name: string): Promise<ArrayBuffer> {
  return callBytes(getReplayLog, { params: { name } });
}
