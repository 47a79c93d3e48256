/**
 * A unit view built from the detail record, for the moments the fleet store has not got the unit
 * yet (the page opened directly, before the group's snapshot arrives). The live view replaces it
 * as soon as the worker delivers the unit.
 */
import type { UnitView } from '../../../../workers/pipeline/diff.ts';
import { UNIT_STATUSES, type UnitStatus } from '../../../domain/units/status.ts';
import type { UnitDetails } from './unitDetails.ts';

export function viewFromDetails(details: UnitDetails): UnitView {
  const status: UnitStatus = (UNIT_STATUSES as readonly string[]).includes(details.status) ? (details.status as UnitStatus) : 'offline';
  return {
    id: details.uid,
    rev: 0,
    name: details.name,
    type: details.type,
    status,
    state: details.isOffline ? 'offline' : 'online',
    videoState: details.applications['video'],
    applications: Object.keys(details.applications),
    activeAlerts: details.alerts.filter((a) => a.active).length,
    battery: undefined,
    lat: details.lat,
    lng: details.lng,
    transition: null,
    capabilities: undefined,
  };
}
