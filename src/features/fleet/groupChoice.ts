/**
 * The group the console shows (its fleet stream is bound to it: crnt_vcg_uid). The choice is
 * saved in preferences.groupId (spec 002 §3 "User preferences"); a saved group the user no longer
 * belongs to falls back to the first of the user's groups, and no groups means no stream.
 */
export interface GroupLike {
  readonly uid: string;
}

/** The saved group when the user still has it, else the first group, else null. */
export function chooseGroup(groups: readonly GroupLike[], saved: string | null | undefined): string | null {
  if (saved !== null && saved !== undefined && groups.some((group) => group.uid === saved)) return saved;
  return groups[0]?.uid ?? null;
}
