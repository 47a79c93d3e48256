/** Unit views for the unit list's tests. */
import type { UnitView } from '../../../workers/pipeline/diff.ts';

export function unitView(id: string, extra: Partial<UnitView> = {}): UnitView {
  return {
    id,
    rev: 1,
    name: id,
    type: '800',
    status: 'idle',
    state: 'online',
    videoState: undefined,
    applications: [],
    activeAlerts: 0,
    battery: undefined,
    lat: undefined,
    lng: undefined,
    transition: null,
    capabilities: undefined,
    ...extra,
  };
}
