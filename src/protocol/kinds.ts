/**
 * The kinds of pushed events (/work/shared/protocol.md "Kinds"; spec 000 §7 and 001 §7 "Live
 * updates": unit status, unit configuration, alert events, usage, speed test, channel status and
 * config, server status, social status, camera configuration). The server (src/server/live/types.ts)
 * re-exports this list, so both ends of the wire share one definition.
 */
export const EVENT_KINDS = [
  'unit.added',
  'unit.removed',
  'unit.status',
  'unit.config',
  'unit.alert',
  'unit.usage',
  'unit.speedtest',
  'channel.status',
  'channel.config',
  'server.status',
  'social.status',
  'camera.config',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

const KIND_SET: ReadonlySet<string> = new Set(EVENT_KINDS);

export function isEventKind(value: unknown): value is EventKind {
  return typeof value === 'string' && KIND_SET.has(value);
}
