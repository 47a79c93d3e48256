/**
 * The words of a row's status: a start/stop press waiting for its status (spec 000 §4: the
 * button shows connecting / disconnecting), else the video application's connecting or
 * disconnecting state as the unit reports it, else the unit icon's user-facing status.
 */
import type { UnitView } from '../../../workers/pipeline/diff.ts';
import { iconStatusOf } from '../fleet/statusColours.ts';

export const PASSING_VIDEO_STATES = ['connecting', 'disconnecting'] as const;
export type PassingVideoState = (typeof PASSING_VIDEO_STATES)[number];

function isPassingState(state: string | undefined): state is PassingVideoState {
  return (PASSING_VIDEO_STATES as readonly (string | undefined)[]).includes(state);
}

/** Whether the unit is between two states (a start or stop on its way): its dot shows that. */
export function isPassing(unit: UnitView): boolean {
  return unit.transition !== null || isPassingState(unit.videoState);
}

/** The i18n key of the status words (unitList.status.*). */
export function statusLabelKey(unit: UnitView): string {
  if (unit.transition !== null) return `unitList.status.${unit.transition.state}`;
  if (isPassingState(unit.videoState)) return `unitList.status.${unit.videoState}`;
  return `unitList.status.${iconStatusOf(unit)}`;
}
