/**
 * The watch that turns a fleet's live state into threshold incidents (issue 17 item 2), as a pure
 * state machine: no I/O, no clock of its own (every call says what time it is), so the server's
 * recorder feeds it bus events and tests feed it plain objects.
 *
 * Episodes: a threshold raises one incident per unit when its condition starts to hold, and none
 * again until the condition has stopped holding (battery back above, camera back, link back, unit
 * back online, uplink back up or stream ended). A link is its own episode per port.
 *
 * Baselines: the first state the watch hears of a unit (the fleet announcing itself at start), and
 * every state it knows when the thresholds are first loaded, count as already raised: a restart
 * does not raise again what was raised before it. A threshold a user has just set or changed is
 * checked against the state the watch knows at once (`setThresholds(..., { raiseHeld: true })`):
 * the user asked about it now.
 */
import type { Threshold, ThresholdKind } from './incidents.ts';
import { thresholdText } from './incidents.ts';

/** What one event tells of a unit; fields left out are unchanged. */
export interface UnitObservation {
  /** The event's time (ms since the epoch). */
  readonly at: number;
  readonly offline?: boolean;
  readonly streaming?: boolean;
  /** Battery percentage; null for a unit without battery. */
  readonly batteryPct?: number | null;
  /** null for a unit without camera input. */
  readonly cameraConnected?: boolean | null;
  /** The unit's links; a link is connected unless `connected` is false (as the protocol's links say it). */
  readonly links?: readonly { readonly port: string; readonly connected?: boolean | undefined }[];
  /** Total uplink of the unit's links (kbps), from a usage sample. */
  readonly uplinkKbps?: number;
}

/** An incident a threshold raised. */
export interface ThresholdHit {
  readonly threshold: Threshold;
  readonly unitId: string;
  readonly at: number;
  readonly text: string;
  /** The link, for linkLoss. */
  readonly port?: string;
}

interface UnitState {
  groupId: string | null;
  offline: boolean;
  /** When it went offline (ms); null while online. */
  offlineSince: number | null;
  streaming: boolean;
  batteryPct: number | null;
  cameraConnected: boolean | null;
  links: Map<string, boolean>;
  uplinkKbps: number | null;
}

/**
 * What observe answers when nothing was raised: one shared empty list. A fleet's every status and
 * usage event is observed (60,000 a second in the bench), and most raise nothing.
 */
const NO_HITS: readonly ThresholdHit[] = Object.freeze([]);

/** A threshold's identity for episodes: a change of its numbers starts new episodes. */
const versionOf = (t: Threshold): string => `${t.id}|${t.enabled ? 1 : 0}|${t.value ?? ''}|${t.seconds ?? ''}`;

export class ThresholdWatch {
  private readonly units = new Map<string, UnitState>();
  private byGroup = new Map<string, Threshold[]>();
  /** Per threshold version: the episode keys (unit, or unit + port) already raised. */
  private raised = new Map<string, Set<string>>();
  /** Per threshold version: since when each unit's uplink has been below (lowUplink). */
  private lowSince = new Map<string, Map<string, number>>();

  /**
   * Replaces the thresholds. Every unit state the watch knows is checked against them: a condition
   * that holds is raised now (`raiseHeld`: a user just set it) or taken as already raised (start).
   */
  setThresholds(thresholds: readonly Threshold[], at: number, options: { readonly raiseHeld: boolean }): ThresholdHit[] {
    const byGroup = new Map<string, Threshold[]>();
    const versions = new Set<string>();
    for (const t of thresholds) {
      if (!t.enabled) continue;
      versions.add(versionOf(t));
      const list = byGroup.get(t.groupId) ?? [];
      list.push(t);
      byGroup.set(t.groupId, list);
    }
    this.byGroup = byGroup;
    for (const key of [...this.raised.keys()]) if (!versions.has(key)) this.raised.delete(key);
    for (const key of [...this.lowSince.keys()]) if (!versions.has(key)) this.lowSince.delete(key);
    const hits: ThresholdHit[] = [];
    for (const [unitId, state] of this.units) {
      if (state.groupId === null) continue;
      for (const t of byGroup.get(state.groupId) ?? []) {
        if (this.raised.has(versionOf(t))) continue; // unchanged threshold: its episodes go on
        this.check(t, unitId, state, at, options.raiseHeld ? hits : null);
      }
    }
    for (const version of versions) if (!this.raised.has(version)) this.raised.set(version, new Set());
    return hits;
  }

  /** A unit's state changed (or was first heard of); answers the incidents it raises. */
  observe(unitId: string, groupId: string | null, observation: UnitObservation): readonly ThresholdHit[] {
    const known = this.units.get(unitId);
    let state: UnitState;
    if (known !== undefined) state = known;
    else {
      state = { groupId, offline: false, offlineSince: null, streaming: false, batteryPct: null, cameraConnected: null, links: new Map(), uplinkKbps: null };
      this.units.set(unitId, state);
    }
    state.groupId = groupId;
    if (observation.offline !== undefined && observation.offline !== state.offline) {
      state.offline = observation.offline;
      state.offlineSince = observation.offline ? observation.at : null;
    } else if (observation.offline === true && state.offlineSince === null) {
      state.offlineSince = observation.at;
    }
    if (observation.streaming !== undefined) state.streaming = observation.streaming;
    if (observation.batteryPct !== undefined) state.batteryPct = observation.batteryPct;
    if (observation.cameraConnected !== undefined) state.cameraConnected = observation.cameraConnected;
    if (observation.links !== undefined) for (const link of observation.links) state.links.set(link.port, link.connected !== false);
    if (observation.uplinkKbps !== undefined) state.uplinkKbps = observation.uplinkKbps;
    const thresholds = groupId === null ? undefined : this.byGroup.get(groupId);
    if (thresholds === undefined) return NO_HITS;
    const hits: ThresholdHit[] = [];
    for (const t of thresholds) this.check(t, unitId, state, observation.at, known === undefined ? null : hits);
    return hits;
  }

  /** Time passed (offline longer than N minutes, uplink low for N s with no new sample). */
  sweep(at: number): ThresholdHit[] {
    const hits: ThresholdHit[] = [];
    for (const [unitId, state] of this.units) {
      if (state.groupId === null) continue;
      for (const t of this.byGroup.get(state.groupId) ?? []) {
        if (t.kind === 'offlineLong' || t.kind === 'lowUplink') this.check(t, unitId, state, at, hits);
      }
    }
    return hits;
  }

  /** The unit left the fleet. */
  forget(unitId: string): void {
    this.units.delete(unitId);
  }

  /** How many units the watch holds (tests, metrics). */
  get size(): number {
    return this.units.size;
  }

  /**
   * Checks one threshold on one unit: opens an episode (a hit when `hits` is given, else a silent
   * baseline) when its condition starts to hold, closes it when it stops.
   */
  private check(t: Threshold, unitId: string, state: UnitState, at: number, hits: ThresholdHit[] | null): void {
    const version = versionOf(t);
    const raised = this.raised.get(version) ?? new Set<string>();
    this.raised.set(version, raised);
    /** `canOpen` false: the condition may hold, but a new episode does not start now (the unit is offline). */
    const episode = (key: string, holds: boolean, port?: string, canOpen = true): void => {
      if (!holds) {
        raised.delete(key);
        return;
      }
      if (raised.has(key) || !canOpen) return;
      raised.add(key);
      hits?.push({ threshold: t, unitId, at, text: thresholdText(t.kind, t, port), ...(port !== undefined ? { port } : {}) });
    };
    const kind: ThresholdKind = t.kind;
    switch (kind) {
      case 'battery':
        episode(unitId, state.batteryPct !== null && t.value !== null && state.batteryPct < t.value);
        return;
      case 'cameraDisconnected':
        // A camera lost while the unit is offline is part of the unit being offline.
        episode(unitId, state.cameraConnected === false, undefined, !state.offline);
        return;
      case 'offlineLong':
        episode(unitId, state.offline && state.offlineSince !== null && t.value !== null && at - state.offlineSince >= t.value * 60_000);
        return;
      case 'linkLoss':
        // A link that goes down while the unit is online; its episode ends when it is connected again.
        for (const [port, connected] of state.links) episode(`${unitId}#${port}`, !connected, port, !state.offline);
        return;
      case 'lowUplink': {
        const since = this.lowSince.get(version) ?? new Map<string, number>();
        this.lowSince.set(version, since);
        const low = state.streaming && !state.offline && state.uplinkKbps !== null && t.value !== null && state.uplinkKbps < t.value;
        if (!low) since.delete(unitId);
        else if (!since.has(unitId)) since.set(unitId, at);
        const from = since.get(unitId);
        episode(unitId, low && from !== undefined && t.seconds !== null && at - from >= t.seconds * 1000);
        return;
      }
      default: {
        const never: never = kind;
        throw new Error(`unknown threshold kind ${String(never)}`);
      }
    }
  }
}
