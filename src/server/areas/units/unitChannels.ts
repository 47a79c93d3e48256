/**
 * Channels a unit call may name (stream, video return, settings configuration, multi camera): a
 * channel of the unit's own group, else 400 on the field that named it.
 */
import { badRequest } from '../../http/errors.ts';
import type { StoredUnit } from './repo.ts';
import type { UnitDeps } from './live.ts';

/** Ours: a channel named by a unit call must be one of the unit's group. */
export const FOREIGN_CHANNEL_MESSAGE = 'The selected channel is not a channel of this unit’s group';

export async function checkChannelOfUnit(deps: UnitDeps, unit: StoredUnit, channelId: string, field = 'channelId'): Promise<void> {
  if (unit.groupId === null || (await deps.store.channels.groupOf(channelId)) !== unit.groupId) {
    throw badRequest(FOREIGN_CHANNEL_MESSAGE, { fields: { [field]: FOREIGN_CHANNEL_MESSAGE } });
  }
}
