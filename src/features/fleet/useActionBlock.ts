/** The console's side of actionBlock.ts: the connection and the replay, as one answer. */
import { useConnection } from '../../fleet/index.ts';
import { useReplayState } from '../replay/useReplay.ts';
import { actionBlock, type ActionBlock } from './actionBlock.ts';

export function useActionBlock(): ActionBlock {
  const connection = useConnection();
  const replay = useReplayState();
  return actionBlock(connection, replay === null ? null : replay.ts);
}

/** The time of day of a block's moment, as the banners and reasons say it. */
export const blockTime = (ms: number): string => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The i18n key and values of why an action is disabled; null when it is not. */
export function blockReason(block: ActionBlock): { readonly key: string; readonly values: Record<string, string> } | null {
  if (block.kind === 'replay') return { key: 'honest.reason.replay', values: { time: new Date(block.logTime).toLocaleString() } };
  if (block.kind === 'stale') return { key: 'honest.reason.stale', values: { time: blockTime(block.asOf) } };
  return null;
}
