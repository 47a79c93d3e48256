/**
 * The shares area's service (spec 002 §3, §5): an inventory's publishers and subscribers, and the
 * subscribers a unit's live stream is shared to. Who sees share keys and which selections a unit
 * may store are the domain's (src/domain/shares.ts); SQL is the repository's (shares/repo.ts).
 * Sharing is stored only: the simulator does not act on it.
 */
import { maySeeShareKeys, sharingSelectionError, type SharePartyFields } from '../../../domain/shares.ts';
import type { Roles } from '../../../domain/roles/roleSets.ts';
import type { ShareParty, UnitSharing } from '../../../protocol/rest/shares.ts';
import { refuseFields } from '../../http/errors.ts';
import type { Store } from '../../store/store.ts';
import type { StoredUnit } from '../units/repo.ts';

/** A publisher or subscriber as the caller may see it (no share key outside the media group set). */
function partyView(party: SharePartyFields, withKey: boolean): ShareParty {
  if (withKey) return { ...party };
  const { shareKey: _hidden, ...rest } = party;
  return rest;
}

type SharedUnit = Pick<StoredUnit, 'uid' | 'inventoryId'>;

export class ShareService {
  constructor(private readonly store: Store) {}

  async publishers(inventoryId: string, roles: Roles): Promise<ShareParty[]> {
    const withKey = maySeeShareKeys(roles);
    return (await this.store.shares.publishers(inventoryId)).map((p) => partyView(p, withKey));
  }

  async subscribers(inventoryId: string, roles: Roles): Promise<ShareParty[]> {
    const withKey = maySeeShareKeys(roles);
    return (await this.store.shares.subscribers(inventoryId)).map((s) => partyView(s, withKey));
  }

  async ofUnit(unit: SharedUnit, roles: Roles): Promise<UnitSharing> {
    const withKey = maySeeShareKeys(roles);
    // A subscriber of another inventory (the unit moved) no longer counts.
    const subscribers = (await this.store.shares.unitSubscribers(unit.uid)).filter((s) => s.inventoryId === unit.inventoryId);
    return {
      uid: unit.uid,
      inventoryId: unit.inventoryId,
      subscriberIds: subscribers.map((s) => s.id),
      subscribers: subscribers.map((s) => partyView(s, withKey)),
      available: unit.inventoryId === null ? [] : await this.subscribers(unit.inventoryId, roles),
    };
  }

  /** Replaces the list ([] stops sharing); each id once, each a subscriber of the unit's inventory, at most 64. */
  async share(unit: SharedUnit, subscriberIds: readonly string[], roles: Roles): Promise<UnitSharing> {
    const available = unit.inventoryId === null ? [] : (await this.store.shares.subscribers(unit.inventoryId)).map((s) => s.id);
    refuseFields({ subscriberIds: sharingSelectionError(subscriberIds, available) });
    await this.store.shares.setUnitSubscribers(unit.uid, subscriberIds);
    return this.ofUnit(unit, roles);
  }
}
