/**
 * Video return channels (spec 001 §3, §4): states, input types, SRT modes and the list filter.
 */
import { assertNever } from './brand.ts';

/** Spec 001 §4. The wire spelling of "input connected" is not shown: ours is inputConnected. */
export const VR_STATES = ['connecting', 'collecting', 'idle', 'offline', 'inputConnected'] as const;
export type VrState = (typeof VR_STATES)[number];

/** Spec 001 §3: input type disabled, SDI or SRT. */
export const VR_INPUT_TYPES = ['disabled', 'sdi', 'srt'] as const;
export type VrInputType = (typeof VR_INPUT_TYPES)[number];

/** Spec 001 §3: SRT mode listener or caller (video return and streaming destinations). */
export const SRT_MODES = ['listener', 'caller'] as const;
export type SrtMode = (typeof SRT_MODES)[number];

/** Spec 001 §2 and §4: the video-return state filter group. */
export const VR_FILTERS = ['offline', 'inputConnected', 'online'] as const;
export type VrFilter = (typeof VR_FILTERS)[number];

/** The video return channel entity of spec 001 §3 (fields the rules read, others loose). */
export interface VideoReturnChannel {
  readonly uniqueId: string;
  readonly name: string;
  readonly description?: string;
  readonly status: VrState;
  readonly inputType: VrInputType;
  /** Only meaningful when inputType is srt. */
  readonly srtMode?: SrtMode | null;
  readonly url?: string | null;
  readonly passphrase?: string | null;
  readonly destinationPort?: number | null;
  readonly internalIp?: string | null;
  readonly externalIp?: string | null;
  readonly uptime?: number | null;
  readonly serialNumber?: string | null;
  readonly inputStandard?: string | null;
}

/** Reads a raw state at the edge; null when it is not one of the spec's values. */
export function parseVrState(raw: string): VrState | null {
  return (VR_STATES as readonly string[]).includes(raw) ? (raw as VrState) : null;
}

/**
 * The one filter bucket a state falls in. The three buckets do not overlap: "input connected" is
 * its own bucket (a source feeds the channel), online is every other reachable state (idle,
 * connecting, collecting).
 */
export function vrFilterOf(state: VrState): VrFilter {
  switch (state) {
    case 'offline':
      return 'offline';
    case 'inputConnected':
      return 'inputConnected';
    case 'idle':
    case 'connecting':
    case 'collecting':
      return 'online';
    default:
      return assertNever(state, 'video return state');
  }
}

/** True when the state is in one of the selected buckets; no selection matches every state. */
export function vrMatchesFilter(state: VrState, selected: readonly VrFilter[]): boolean {
  return selected.length === 0 || selected.includes(vrFilterOf(state));
}
