/**
 * The REST calls of the sharing options modal, through the contract (src/protocol/rest/shares.ts;
 * spec 002 §7 gives no paths for shares): a unit's sharing options, v2/units/{id}/sharing, read and
 * saved as the list of subscribers its live stream is shared to (multipoint share). The answers
 * are decoded by `call` with the endpoint's Schema.
 */
import { call } from '../../api/call.ts';
import { getUnitSharing, setUnitSharing, type UnitSharing } from '../../protocol/rest/shares.ts';

export type { ShareParty, UnitSharing } from '../../protocol/rest/shares.ts';

export function fetchUnitSharing(unitId: string, signal?: AbortSignal): Promise<UnitSharing> {
  return call(getUnitSharing, { params: { id: unitId } }, signal !== undefined ? { signal } : {});
}

export function saveUnitSharing(unitId: string, subscriberIds: readonly string[]): Promise<UnitSharing> {
  return call(setUnitSharing, { params: { id: unitId }, body: { subscriberIds } });
}
