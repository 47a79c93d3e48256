/**
 * Whether the speed test can be started (spec 000 §4: "Speed test is a video state. Speed test needs
 * channel version 7.5.1 or higher"; §9 timeout 10 s), and why not.
 */
import { speedTestSupported } from '../../../domain/units/status.ts';
import { VERSION_GATES } from '../../../domain/versions.ts';

export const SPEED_TEST_BLOCKS = ['offline', 'busy', 'noChannel', 'channelVersion'] as const;
export type SpeedTestBlock = (typeof SPEED_TEST_BLOCKS)[number];

export interface SpeedTestInput {
  readonly offline: boolean;
  readonly busy: boolean;
  readonly channelId: string | null | undefined;
  /**
   * The selected channel's version, or undefined when the console does not know it (no channel
   * call gives it yet): then the server decides and answers with its own message.
   */
  readonly channelVersion: string | undefined;
}

/** The first reason the test cannot start, or null: offline, busy, no channel, channel below 7.5.1. */
export function speedTestBlock(input: SpeedTestInput): SpeedTestBlock | null {
  if (input.offline) return 'offline';
  if (input.busy) return 'busy';
  if (input.channelId === null || input.channelId === undefined || input.channelId === '') return 'noChannel';
  if (input.channelVersion !== undefined && !speedTestSupported(input.channelVersion)) return 'channelVersion';
  return null;
}

/** The version the speed test needs (7.5.1), for the reason's text. */
export const SPEED_TEST_MIN_VERSION = VERSION_GATES.speedTest;
