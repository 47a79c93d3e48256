/**
 * The REST calls of the sharing options modal (our server: src/server/routes/shares.ts; spec 002
 * §7 gives no paths for shares): a unit's sharing options, v2/units/{id}/sharing, read and saved
 * as the list of subscribers its live stream is shared to (multipoint share). Decoded here.
 */
import { apiRequest } from '../../api/http.ts';

export interface SubscriberChoice {
  readonly id: string;
  readonly name: string;
  readonly description: string;
}

export interface UnitSharing {
  readonly uid: string;
  readonly inventoryId: string | null;
  readonly subscriberIds: readonly string[];
  /** Every subscriber of the unit's inventory. */
  readonly available: readonly SubscriberChoice[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export class SharingDecodeError extends Error {}

function decodeSubscriber(value: unknown): SubscriberChoice {
  if (!isRecord(value) || typeof value['id'] !== 'string' || typeof value['name'] !== 'string') {
    throw new SharingDecodeError('The server answered a subscriber without id or name');
  }
  return { id: value['id'], name: value['name'], description: typeof value['description'] === 'string' ? value['description'] : '' };
}

export function decodeUnitSharing(value: unknown): UnitSharing {
  if (!isRecord(value) || typeof value['uid'] !== 'string' || !Array.isArray(value['subscriberIds']) || !Array.isArray(value['available'])) {
    throw new SharingDecodeError('The server answered no sharing options');
  }
  return {
    uid: value['uid'],
    inventoryId: typeof value['inventoryId'] === 'string' ? value['inventoryId'] : null,
    subscriberIds: value['subscriberIds'].filter((id): id is string => typeof id === 'string'),
    available: value['available'].map(decodeSubscriber),
  };
}

const sharing = (unitId: string): string => `v2/units/${encodeURIComponent(unitId)}/sharing`;

export async function fetchUnitSharing(unitId: string, signal?: AbortSignal): Promise<UnitSharing> {
  return decodeUnitSharing(await apiRequest(sharing(unitId), signal ? { signal } : {}));
}

export async function saveUnitSharing(unitId: string, subscriberIds: readonly string[]): Promise<UnitSharing> {
  return decodeUnitSharing(await apiRequest(sharing(unitId), { method: 'PUT', body: { subscriberIds } }));
}
