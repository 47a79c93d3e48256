/**
 * Bandwidth capping of a unit (spec 000 §5, §9; 001 §5) and the smart-unit bandwidth limit
 * (spec 000 §5, 002 §9).
 */
import type { FieldCheck, FormErrors } from './check.ts';
import { firstError } from './check.ts';
import { assertNever } from '../brand.ts';
import { integer, maxValue, minValue, number, type NumberInput, requiredNumber, toNumber } from './fields.ts';

/** spec 001 §5, word for word. */
export const CELLULAR_ABOVE_TOTAL_MESSAGE = 'Max Cellular Capping cannot be higher than Max Total Capping';
/** Ours: spec 000 §5 / 001 §5 name the rule ("capping cannot be configured for a busy unit"), not the words. */
export const BUSY_UNIT_CAPPING_MESSAGE = 'Capping cannot be configured while the unit is busy';
/** Ours: a custom capping value must be a positive bandwidth. */
export const CUSTOM_CAPPING_POSITIVE_MESSAGE = 'Must be greater than 0';

/** Preset capping values in Mbps (spec 000 §5: "3.6, 4.2, 4.4, 5.5, 6.2, 8.0 Mbps"). */
export const CAPPING_PRESETS_MBPS = [3.6, 4.2, 4.4, 5.5, 6.2, 8.0] as const;
export type CappingPresetMbps = (typeof CAPPING_PRESETS_MBPS)[number];

/** The option kinds of the capping select (spec 000 §5: "disabled, custom" and the presets). */
export const CAPPING_OPTION_KINDS = ['disabled', 'custom', 'preset'] as const;
export type CappingOptionKind = (typeof CAPPING_OPTION_KINDS)[number];

/** One choice of a capping select: off, a preset, or a custom value typed by the operator (Mbps). */
export type CappingChoice =
  | { readonly kind: 'disabled' }
  | { readonly kind: 'preset'; readonly mbps: CappingPresetMbps }
  | { readonly kind: 'custom'; readonly mbps: NumberInput };

/** The select's options in the spec's order: disabled, custom, then the presets. */
export const CAPPING_OPTIONS: ReadonlyArray<CappingChoice> = [
  { kind: 'disabled' },
  { kind: 'custom', mbps: null },
  ...CAPPING_PRESETS_MBPS.map((mbps) => ({ kind: 'preset', mbps }) as const),
];

/** The cap in Mbps, or null when capping is off (or a custom value is not a number yet). */
export function cappingMbps(choice: CappingChoice): number | null {
  switch (choice.kind) {
    case 'disabled':
      return null;
    case 'preset':
      return choice.mbps;
    case 'custom':
      return toNumber(choice.mbps);
    default:
      return assertNever(choice, 'capping choice');
  }
}

/**
 * True when the cellular cap fits under the total cap (spec 001 §5: cellular "cannot be higher
 * than" total, so equal passes). A missing cap (null) means no limit, so it always fits. The
 * comparison is unit-agnostic: pass both in Mbps or both in kbps.
 */
export function cellularWithinTotal(cellular: number | null, total: number | null): boolean {
  return cellular === null || total === null || cellular <= total;
}

/** "Max Cellular Capping cannot be higher than Max Total Capping" when cellular > total. */
export function cellularCappingCheck(cellularMbps: number | null, totalMbps: number | null): string | null {
  return cellularWithinTotal(cellularMbps, totalMbps) ? null : CELLULAR_ABOVE_TOTAL_MESSAGE;
}

const customChecks: ReadonlyArray<FieldCheck<NumberInput>> = [
  requiredNumber,
  number,
  (value) => {
    const parsed = toNumber(value);
    return parsed !== null && parsed <= 0 ? CUSTOM_CAPPING_POSITIVE_MESSAGE : null;
  },
];

const choiceError = (choice: CappingChoice): string | null =>
  choice.kind === 'custom' ? firstError(choice.mbps, customChecks) : null;

export interface CappingForm {
  readonly unitBusy: boolean;
  readonly total: CappingChoice;
  readonly cellular: CappingChoice;
}

export type CappingField = 'unit' | 'total' | 'cellular';

/**
 * Errors of the capping form (PUT units/{id}/network/capping, spec 000 §7). A busy unit refuses
 * the whole form (key `unit`); otherwise each custom value must be a positive number and the
 * cellular cap must not be above the total cap (key `cellular`, the field the message names first).
 */
export function cappingErrors(form: CappingForm): FormErrors<CappingField> {
  if (form.unitBusy) return { unit: BUSY_UNIT_CAPPING_MESSAGE };
  const errors: FormErrors<CappingField> = {};
  const total = choiceError(form.total);
  const cellular = choiceError(form.cellular);
  if (total !== null) errors.total = total;
  if (cellular !== null) errors.cellular = cellular;
  if (total === null && cellular === null) {
    const cross = cellularCappingCheck(cappingMbps(form.cellular), cappingMbps(form.total));
    if (cross !== null) errors.cellular = cross;
  }
  return errors;
}

/**
 * Smart-unit bandwidth limit in kbps (spec 000 §5, 002 §9: "default 0, minimum 1000, maximum
 * 20000 kbps"). The default 0 is below the minimum, so we read 0 as "no limit": 0 is accepted,
 * 1-999 is refused with the minimum message.
 */
export const SMART_BANDWIDTH_LIMIT_KBPS = { default: 0, noLimit: 0, min: 1_000, max: 20_000 } as const;

const smartChecks: ReadonlyArray<FieldCheck<NumberInput>> = [
  requiredNumber,
  number,
  integer,
  (value) => (toNumber(value) === SMART_BANDWIDTH_LIMIT_KBPS.noLimit ? null : minValue(SMART_BANDWIDTH_LIMIT_KBPS.min)(value)),
  maxValue(SMART_BANDWIDTH_LIMIT_KBPS.max),
];

/** 0 (no limit) or an integer 1000-20000 kbps; shared messages of spec 002 §5. */
export const smartBandwidthLimit: FieldCheck<NumberInput> = (value) => firstError(value, smartChecks);

/** Camera modes that set the HD bitrate ceiling (spec 000 §9). */
export const CAMERA_MODES = ['singleCamera', 'multiCamera'] as const;
export type CameraMode = (typeof CAMERA_MODES)[number];

/** spec 000 §9: "HD max 20 Mbps in single-camera mode, 15 Mbps in multi-camera mode". */
export const HD_MAX_MBPS = { singleCamera: 20, multiCamera: 15 } as const satisfies Record<CameraMode, number>;

/** The HD bitrate ceiling in Mbps for the camera mode. */
export const hdMaxMbps = (mode: CameraMode): number => HD_MAX_MBPS[mode];

/** "Must be {1} or less" above the HD ceiling of the camera mode (Mbps). */
export const hdBitrate = (mode: CameraMode): FieldCheck<NumberInput> => {
  const checks = [number, minValue(0), maxValue(hdMaxMbps(mode))] as const;
  return (value) => firstError(value, checks);
};
