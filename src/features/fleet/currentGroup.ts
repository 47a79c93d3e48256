/** The group the fleet stream is bound to, for screens that need its id (server searches, labels). */
import { createContext, useContext } from 'react';
import type { UserGroup } from '../../api/resources.ts';

export interface CurrentGroup {
  /** null: the user has no group (no stream). */
  readonly groupId: string | null;
  readonly groups: readonly UserGroup[];
  /** Switches the stream to another group and saves the choice in preferences.groupId. */
  readonly selectGroup: (groupId: string) => void;
}

export const CurrentGroupContext = createContext<CurrentGroup>({ groupId: null, groups: [], selectGroup: () => undefined });

export function useCurrentGroup(): CurrentGroup {
  return useContext(CurrentGroupContext);
}
