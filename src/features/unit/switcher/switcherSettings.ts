/**
 * The switcher's settings as the modal edits them (spec 000 §4 multi-camera modes switcher and
 * switcherAndProxy; §5 "in switcher mode the HQ and proxy channels must differ"; §7 PUT
 * v2/units/{id}/switchermode, /highqualitychannel, /proxychannel): decoding the stored setting,
 * the form's errors (the domain's multiCameraErrors, not a copy), and the order of the calls that
 * save a change.
 *
 * The server validates the whole stored configuration after each of those calls (HQ and proxy
 * required and different in the switcher modes), so the calls are ordered so that every step
 * leaves a valid configuration:
 * - saved mode Multi-HQ (no HQ/proxy rule yet): HQ, then proxy, then the mode;
 * - saved switcher mode: HQ first unless the new HQ is the saved proxy (then proxy first), mode last;
 * - HQ and proxy swapped: no one-field order is valid, so one PUT v2/units/{id}/multiplecamera
 *   carries the whole configuration (cameras kept as saved).
 */
import { multiCameraErrors, MULTI_CAMERA_MODES, usesSwitcherChannels, type MultiCameraMode } from '../../../domain/validation/multiCamera.ts';
import { isSdiInput, type SdiInput } from '../../../domain/switcher.ts';

/** The multi-camera modes of the switcher (spec 000 §4). */
export const SWITCHER_MODES = ['switcher', 'switcherAndProxy'] as const satisfies readonly MultiCameraMode[];
export type SwitcherMode = (typeof SWITCHER_MODES)[number];

export interface SavedCamera {
  readonly channelId: string | null;
  readonly priority: number;
}

/** What the unit has stored (settings.multiCamera of GET v2/units/enhanced/{id}). */
export interface SavedSwitcher {
  readonly mode: MultiCameraMode;
  readonly cameras: readonly SavedCamera[];
  readonly highQualityChannelId: string | null;
  readonly proxyChannelId: string | null;
  readonly sdiInput: SdiInput | null;
}

/** What the modal's form holds. */
export interface SwitcherValues {
  readonly mode: SwitcherMode;
  readonly highQualityChannelId: string | null;
  readonly proxyChannelId: string | null;
}

type Obj = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Decodes settings.multiCamera; anything missing or malformed takes the server's default. */
export function decodeSavedSwitcher(setting: Obj): SavedSwitcher {
  const mode = (MULTI_CAMERA_MODES as readonly unknown[]).includes(setting['mode']) ? (setting['mode'] as MultiCameraMode) : 'highQuality';
  const cameras = Array.isArray(setting['cameras'])
    ? (setting['cameras'] as unknown[]).map((c, i) => {
        const camera = typeof c === 'object' && c !== null ? (c as Obj) : {};
        return { channelId: text(camera['channelId']), priority: typeof camera['priority'] === 'number' ? camera['priority'] : i + 1 };
      })
    : [];
  return {
    mode,
    cameras,
    highQualityChannelId: text(setting['highQualityChannelId']),
    proxyChannelId: text(setting['proxyChannelId']),
    sdiInput: isSdiInput(setting['sdiInput']) ? setting['sdiInput'] : null,
  };
}

/** The form's starting values: the saved switcher mode (switcher when the unit is in Multi-HQ) and channels. */
export function initialSwitcherValues(saved: SavedSwitcher): SwitcherValues {
  return {
    mode: usesSwitcherChannels(saved.mode) ? (saved.mode as SwitcherMode) : 'switcher',
    highQualityChannelId: saved.highQualityChannelId,
    proxyChannelId: saved.proxyChannelId,
  };
}

export type SwitcherField = 'highQualityChannelId' | 'proxyChannelId' | 'form';

/**
 * The form's errors, from the domain's multi-camera rules applied to the configuration the save
 * would store: HQ and proxy required, and "The HQ and proxy channels must be different" on the
 * proxy. An error of the saved cameras (not edited here) is the form's own message.
 */
export function switcherErrors(saved: SavedSwitcher, values: SwitcherValues): Partial<Record<SwitcherField, string>> {
  const errors = multiCameraErrors({ mode: values.mode, cameras: saved.cameras, highQualityChannelId: values.highQualityChannelId, proxyChannelId: values.proxyChannelId });
  const out: Partial<Record<SwitcherField, string>> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (message === undefined) continue;
    if (key === 'highQualityChannel') out.highQualityChannelId = message;
    else if (key === 'proxyChannel') out.proxyChannelId = message;
    else out.form ??= message;
  }
  return out;
}

export type SwitcherCall =
  | { readonly kind: 'highQualityChannel'; readonly channelId: string }
  | { readonly kind: 'proxyChannel'; readonly channelId: string }
  | { readonly kind: 'mode'; readonly mode: SwitcherMode }
  | {
      readonly kind: 'whole';
      readonly mode: SwitcherMode;
      readonly cameras: readonly SavedCamera[];
      readonly highQualityChannelId: string;
      readonly proxyChannelId: string;
    };

/**
 * The calls that turn `saved` into `values` (valid values: HQ and proxy set and different), each
 * leaving a valid stored configuration; empty when nothing changed.
 */
export function switcherSavePlan(saved: SavedSwitcher, values: SwitcherValues & { highQualityChannelId: string; proxyChannelId: string }): SwitcherCall[] {
  const hq = values.highQualityChannelId;
  const proxy = values.proxyChannelId;
  const calls: SwitcherCall[] = [];
  const hqCall: SwitcherCall[] = hq !== saved.highQualityChannelId ? [{ kind: 'highQualityChannel', channelId: hq }] : [];
  const proxyCall: SwitcherCall[] = proxy !== saved.proxyChannelId ? [{ kind: 'proxyChannel', channelId: proxy }] : [];
  const modeCall: SwitcherCall[] = values.mode !== saved.mode ? [{ kind: 'mode', mode: values.mode }] : [];
  if (!usesSwitcherChannels(saved.mode)) return [...hqCall, ...proxyCall, ...modeCall];
  if (hqCall.length > 0 && proxyCall.length > 0 && hq === saved.proxyChannelId && proxy === saved.highQualityChannelId) {
    return [{ kind: 'whole', mode: values.mode, cameras: saved.cameras, highQualityChannelId: hq, proxyChannelId: proxy }];
  }
  if (hq === saved.proxyChannelId) calls.push(...proxyCall, ...hqCall);
  else calls.push(...hqCall, ...proxyCall);
  return [...calls, ...modeCall];
}

/** The stored configuration after a call (what the server stores; for tests and the order's proof). */
export function applySwitcherCall(saved: SavedSwitcher, call: SwitcherCall): SavedSwitcher {
  switch (call.kind) {
    case 'highQualityChannel':
      return { ...saved, highQualityChannelId: call.channelId };
    case 'proxyChannel':
      return { ...saved, proxyChannelId: call.channelId };
    case 'mode':
      return { ...saved, mode: call.mode };
    case 'whole':
      return { ...saved, mode: call.mode, cameras: call.cameras, highQualityChannelId: call.highQualityChannelId, proxyChannelId: call.proxyChannelId };
  }
}
