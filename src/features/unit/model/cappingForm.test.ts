import { describe, expect, it } from 'vitest';
import { cappingErrors, CELLULAR_ABOVE_TOTAL_MESSAGE } from '../../../domain/validation/capping.ts';
import { CAPPING_SELECT_VALUES, choiceOf, fieldsOfKbps } from './cappingForm.ts';

describe('capping selects (spec 000 §5)', () => {
  it('offers disabled, custom and the presets 3.6 to 8.0 Mbps in the spec’s order', () => {
    expect(CAPPING_SELECT_VALUES).toEqual(['disabled', 'custom', '3.6', '4.2', '4.4', '5.5', '6.2', '8.0']);
  });

  it.each([
    [{ kind: 'disabled', custom: '' }, { kind: 'disabled' }],
    [{ kind: '8.0', custom: '' }, { kind: 'preset', mbps: 8 }],
    [{ kind: 'custom', custom: '2.5' }, { kind: 'custom', mbps: '2.5' }],
  ] as const)('turns %j into %j', (fields, choice) => {
    expect(choiceOf(fields)).toEqual(choice);
  });

  it.each([
    [null, { kind: 'disabled', custom: '' }],
    [3600, { kind: '3.6', custom: '' }],
    [2500, { kind: 'custom', custom: 2.5 }],
  ] as const)('reads a stored cap of %s kbps back', (kbps, fields) => {
    expect(fieldsOfKbps(kbps)).toEqual(fields);
  });

  it('refuses a cellular cap of 8.0 above a total of 3.6 with the spec’s words', () => {
    const errors = cappingErrors({ unitBusy: false, total: choiceOf({ kind: '3.6', custom: '' }), cellular: choiceOf({ kind: '8.0', custom: '' }) });
    expect(errors.cellular).toBe('Max Cellular Capping cannot be higher than Max Total Capping');
    expect(errors.cellular).toBe(CELLULAR_ABOVE_TOTAL_MESSAGE);
  });
});
