/**
 * The delay picker's choices and verdict for a unit (spec 000 §5, §9): the domain's lists for the
 * unit's type group and version, the low-delay flag below 1000 ms, and the field check before sending.
 */
import { DELAY_TYPE_GROUPS, DEFAULT_DELAY_BOUNDS, delayChoices, delayErrors, isLowDelay, supportsSubSecondDelay, type DelayTypeGroup } from '../../../domain/validation/delay.ts';

export interface DelayOption {
  readonly value: string;
  readonly ms: number;
  readonly low: boolean;
}

export const delayTypeGroupOf = (typeGroup: string | undefined): DelayTypeGroup =>
  (DELAY_TYPE_GROUPS as readonly string[]).includes(typeGroup ?? '') ? (typeGroup as DelayTypeGroup) : 'fieldUnits';

/** The choices (ascending ms) of the normal or sub-second configuration, each flagged low below 1000 ms. */
export function delayOptions(typeGroup: string | undefined, version: string | undefined, subSecond: boolean): DelayOption[] {
  return delayChoices({ typeGroup: delayTypeGroupOf(typeGroup), version, subSecond }).map((ms) => ({ value: String(ms), ms, low: isLowDelay(ms) }));
}

/** The spec's message for a delay about to be sent, or null. */
export function delayMessage(ms: number, typeGroup: string | undefined, subSecond: boolean): string | null {
  return delayErrors(ms, { ...DEFAULT_DELAY_BOUNDS, subSecond, typeGroup: delayTypeGroupOf(typeGroup) });
}

export { supportsSubSecondDelay, isLowDelay };
