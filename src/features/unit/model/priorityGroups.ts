/** Bandwidth priority groups of a unit (spec 000 §9: cellular, ETH1, ETH2, Wi-Fi with 1st to 4th priority). */
import { assertNever } from '../../../domain/brand.ts';
import { PRIORITY_GROUPS, type PriorityGroup } from '../../../domain/validation/network.ts';

/** The priority groups a unit has (spec 000 §9 cellular, ETH1, ETH2, Wi-Fi): from its links. */
export function priorityGroupsOf(types: readonly (string | undefined)[]): PriorityGroup[] {
  const lan = types.filter((type) => type === 'lan').length;
  return PRIORITY_GROUPS.filter((group) => {
    switch (group) {
      case 'cellular':
        return types.includes('cell');
      case 'eth1':
        return lan >= 1;
      case 'eth2':
        return lan >= 2;
      case 'wifi':
        return types.includes('wifi');
      default:
        return assertNever(group, 'priority group');
    }
  });
}

