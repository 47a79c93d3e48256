/**
 * The unit page's data: the live unit view from the fleet store (one version signal for this unit),
 * its detail record from GET v2/units/enhanced/{id} (refetched when the unit's rev changes, at most
 * once a second), and the caller's right to act on units.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useClientConfiguration } from '../../api/queries.ts';
import { hasConsoleAccess, isReadOnly } from '../../domain/roles/roleSets.ts';
import { showError, showSuccess } from '../../components/toasts.ts';
import { useFleet, useUnit, useVisibleSet } from '../../fleet/hooks.ts';
import type { UnitView } from '../../../workers/pipeline/diff.ts';
import type { TransitionButton } from '../../domain/units/interface.ts';
import { fetchEnhanced } from './api/unitCalls.ts';
import { decodeUnitDetails, type UnitDetails, type UnitLink } from './model/unitDetails.ts';
import { useActionBlock } from '../fleet/useActionBlock.ts';
import type { ActionBlock } from '../fleet/actionBlock.ts';

/** Detail refetches after live changes are at most this often (ms). */
export const DETAIL_REFETCH_MIN_MS = 1_000;

export const unitDetailsKey = (unitId: string) => ['session', 'unit', unitId, 'enhanced'] as const;

/** Fields the worker's unit view may carry beyond the base ones (read when present). */
export type RichUnitView = UnitView & {
  readonly links?: readonly UnitLink[] | undefined;
  readonly channelId?: string | null | undefined;
  readonly delayMs?: number | undefined;
  readonly swVersion?: string | undefined;
};

export function useUnitDetails(unitId: string, rev: number | undefined, enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: unitDetailsKey(unitId),
    queryFn: async ({ signal }) => decodeUnitDetails(await fetchEnhanced(unitId, signal)),
    enabled,
  });
  const lastRefetch = useRef(0);
  useEffect(() => {
    if (rev === undefined || !enabled) return;
    const wait = Math.max(0, lastRefetch.current + DETAIL_REFETCH_MIN_MS - Date.now());
    const timer = setTimeout(() => {
      lastRefetch.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: unitDetailsKey(unitId) });
    }, wait);
    return () => clearTimeout(timer);
  }, [queryClient, unitId, rev, enabled]);
  return query;
}

/** True for console users who are not read-only (spec 000 §6, 002 §6: luc_read changes nothing). */
export function useCanOperate(): boolean {
  const { data } = useClientConfiguration();
  const roles = data?.loggedUserRoles ?? [];
  return hasConsoleAccess(roles) && !isReadOnly(roles);
}

export interface UnitPageData {
  readonly view: RichUnitView | undefined;
  readonly details: UnitDetails | undefined;
  readonly detailsError: unknown;
  /** The user may act on units (not read-only) and nothing blocks actions now (`block`). */
  readonly canOperate: boolean;
  /** Why actions are disabled beyond the user's rights: a replay, or a connection that is down (issue 17). */
  readonly block: ActionBlock;
  /** The live value when the worker carries it, else the detail record's. */
  readonly channelId: string | null;
  readonly delayMs: number | undefined;
  readonly swVersion: string | undefined;
  readonly links: readonly UnitLink[];
}

export function useUnitPage(unitId: string): UnitPageData {
  const view = useUnit(unitId) as RichUnitView | undefined;
  const fleet = useFleet();
  const block = useActionBlock();
  // During a replay the page shows only replayed state: no detail record of the live unit (issue 17 item 5).
  const replaying = block.kind === 'replay';
  const details = useUnitDetails(unitId, view?.rev, !replaying);
  const canOperate = useCanOperate() && block.kind === 'none';
  const channelId = view?.channelId !== undefined ? view.channelId : (details.data?.channelId ?? null);
  useVisibleSet('unit-page', useMemo(() => ({ units: [unitId], channels: channelId === null ? [] : [channelId] }), [unitId, channelId]));
  // spec 000 §4: selecting a unit refreshes its stale data (enhanced when offline, settings, services).
  useEffect(() => {
    if (replaying) return;
    fleet.api.selectUnit(unitId).catch(() => undefined);
  }, [fleet, unitId, replaying]);
  return {
    view,
    details: replaying ? undefined : details.data,
    detailsError: details.error,
    canOperate,
    block,
    channelId,
    delayMs: view?.delayMs ?? details.data?.delayMs,
    swVersion: view?.swVersion ?? details.data?.swVersion,
    links: view?.links ?? details.data?.links ?? [],
  };
}

/**
 * A unit action: the call, a short success toast, the server's message on failure, and the detail
 * record refetched after. The message is a toast unless the caller shows it where the user acted
 * (`inline`: the caller renders <ActionRefusal error={action.error} />). Before issue 17 the
 * MutationCache's toast never came: this hook always handles onError, so failures were silent. For a start/stop
 * button that shows connecting / disconnecting (begun by the caller at the press), a refused call
 * ends that transition at once: the button follows the unit's status again (spec 000 §4).
 */
export function useUnitAction<Args extends unknown[]>(unitId: string, call: (...args: Args) => Promise<unknown>, successKey: string, transitionButton?: TransitionButton, options: { readonly inline?: boolean } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fleet = useFleet();
  return useMutation({
    mutationFn: (args: Args) => call(...args),
    onError: (error) => {
      if (transitionButton !== undefined) void fleet.endTransition(unitId, transitionButton);
      if (options.inline !== true) showError(error);
    },
    onSuccess: () => {
      showSuccess(t(successKey));
      void queryClient.invalidateQueries({ queryKey: unitDetailsKey(unitId) });
    },
  });
}
