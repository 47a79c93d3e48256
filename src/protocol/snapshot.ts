/**
 * A fleet snapshot: the whole state the model can be loaded from (a REST resync after `reset`,
 * or the replay page's periodic in-memory snapshots for fast seeking). Each entity comes with its
 * rev, so events at or below it are recognised as already applied.
 */
import { Schema } from 'effect';
import { TRANSITION_NAMES } from '../domain/units/transitions.ts';
import { decodeWith } from './issueText.ts';
import { RevSchema } from './envelope.ts';
import {
  ChannelStatusDataSchema,
  ConfigDataSchema,
  ServerStatusDataSchema,
  SocialStatusDataSchema,
  UnitDataSchema,
  UnitSpeedTestDataSchema,
} from './payloads.ts';

const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0));

export const UnitSnapshotSchema = Schema.Struct({
  rev: RevSchema,
  /** The whole unit as in unit.added: status, alerts, links (with the latest usage), battery, config. */
  unit: UnitDataSchema,
  speedTest: Schema.optionalKey(UnitSpeedTestDataSchema),
  social: Schema.optionalKey(SocialStatusDataSchema),
  camera: Schema.optionalKey(ConfigDataSchema),
});
export type UnitSnapshot = typeof UnitSnapshotSchema.Type;

export const ChannelSnapshotSchema = Schema.Struct({
  id: Schema.NonEmptyString,
  rev: RevSchema,
  /** The channel's name (spec 001 §3 channelName); only REST snapshots carry it, events do not. */
  name: Schema.optionalKey(Schema.String),
  /** The version of the server the channel runs on (dotted), when known. */
  version: Schema.optionalKey(Schema.String),
  status: Schema.optionalKey(ChannelStatusDataSchema),
  config: Schema.optionalKey(ConfigDataSchema),
});
export type ChannelSnapshot = typeof ChannelSnapshotSchema.Type;

export const ServerSnapshotSchema = Schema.Struct({
  id: Schema.NonEmptyString,
  rev: RevSchema,
  status: Schema.optionalKey(ServerStatusDataSchema),
});
export type ServerSnapshot = typeof ServerSnapshotSchema.Type;

export const FleetSnapshotSchema = Schema.Struct({
  units: Schema.Array(UnitSnapshotSchema),
  channels: Schema.Array(ChannelSnapshotSchema),
  servers: Schema.Array(ServerSnapshotSchema),
  /** Only in snapshots the model takes of itself (replay seek); a REST snapshot omits them. */
  transitions: Schema.optionalKey(Schema.Struct(Object.fromEntries(TRANSITION_NAMES.map((name) => [name, Count])) as Record<(typeof TRANSITION_NAMES)[number], typeof Count>)),
  events: Schema.optionalKey(Count),
});
export type FleetSnapshot = typeof FleetSnapshotSchema.Type;

/** Decodes a snapshot body (REST) at the edge; the error names the bad field. */
export const decodeFleetSnapshot = decodeWith(FleetSnapshotSchema, 'snapshot');
