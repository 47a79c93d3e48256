/** The fleet wiring shared by the unit screens (list, multiview, map, unit page). */
export { useCurrentGroup } from './currentGroup.ts';
export type { CurrentGroup } from './currentGroup.ts';
export { STATUS_COLOURS, STATUS_HEX, applicationsOf, iconStatusOf } from './statusColours.ts';
export type { StatusOfView } from './statusColours.ts';
export { TransitionMute, useTransitionMute } from './transitionMute.ts';
