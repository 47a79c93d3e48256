/** The unit page of a unit (spec 000 §2 route /unit/:id). */
export function unitPath(unitId: string): string {
  return `/unit/${encodeURIComponent(unitId)}`;
}
