/**
 * The replay command's `--summary` (protocol.md "Replay summary"): a log read through the same
 * fleet model as the worker, summarised at its end.
 */
import type { LogWarning } from '../src/protocol/logFormat.ts';
import { applyEvent, createFleetModel } from '../workers/model/fleetModel.ts';
import type { ReplaySummary } from '../workers/model/summary.ts';
import { summary } from '../workers/model/summary.ts';
import { readLogFile } from './log.ts';

export type LogSummary = { readonly summary: ReplaySummary; readonly warnings: readonly LogWarning[] };

/**
 * Replays the whole log at `path` as fast as it reads; rejects with LogFormatError on a bad log.
 * `fast` (the default) reads each line for the summary's fields only (replay/summaryScan.ts);
 * false reads every line with JSON.parse + decodeEnvelope (the same summary, the reference).
 */
export async function summarizeLog(path: string, options: { readonly fast?: boolean } = {}): Promise<LogSummary> {
  const model = createFleetModel();
  const log = readLogFile(path, { summaryOnly: options.fast !== false });
  for await (const batch of log.batches()) for (const event of batch) applyEvent(model, event);
  return { summary: summary(model), warnings: log.warnings };
}
