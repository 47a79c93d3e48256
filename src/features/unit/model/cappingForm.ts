/**
 * The capping selects of the network tab (spec 000 §5: "Capping options: disabled, custom, 3.6,
 * 4.2, 4.4, 5.5, 6.2, 8.0 Mbps"): a select value per option and the conversion to the domain's
 * CappingChoice; the stored cap (kbps) read back as a choice. 1 Mbps = 1000 kbps (docs/domain.md).
 */
import { CAPPING_PRESETS_MBPS, type CappingChoice, type CappingPresetMbps } from '../../../domain/validation/capping.ts';

/** Select values: 'disabled', 'custom', or a preset written as in the spec ("3.6", "8.0"). */
export const CAPPING_SELECT_VALUES = ['disabled', 'custom', ...CAPPING_PRESETS_MBPS.map((mbps) => mbps.toFixed(1))] as const;

export interface CappingFields {
  readonly kind: string;
  readonly custom: string | number;
}

export function choiceOf(fields: CappingFields): CappingChoice {
  if (fields.kind === 'disabled') return { kind: 'disabled' };
  if (fields.kind === 'custom') return { kind: 'custom', mbps: fields.custom };
  const preset = CAPPING_PRESETS_MBPS.find((mbps) => mbps.toFixed(1) === fields.kind);
  return preset === undefined ? { kind: 'disabled' } : { kind: 'preset', mbps: preset as CappingPresetMbps };
}

/** The select fields for a stored cap in kbps (null: disabled). */
export function fieldsOfKbps(kbps: number | null): CappingFields {
  if (kbps === null || kbps <= 0) return { kind: 'disabled', custom: '' };
  const mbps = kbps / 1000;
  const preset = CAPPING_PRESETS_MBPS.find((value) => Math.abs(value - mbps) < 1e-9);
  return preset === undefined ? { kind: 'custom', custom: mbps } : { kind: preset.toFixed(1), custom: '' };
}
