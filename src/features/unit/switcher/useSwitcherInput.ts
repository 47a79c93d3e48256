/**
 * The switcher's SDI input (PUT v2/units/{id}/sdiinput) behind the 5000 ms guard of spec 000 §7
 * (src/domain/switcher.ts): a change within 5 s of the last is held and the last one requested is
 * sent when the guard opens. The timer keeps running if the modal closes, so a held input is still
 * sent. A 429 from the server (its own guard, e.g. another session's change) holds the input for
 * the wait it names; any other refusal shows the server's message.
 */
import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../api/http.ts';
import { errorMessageOf } from '../../../components/toasts.ts';
import { answered, guardRemainingMs, initialInputGuard, refused, releaseInput, requestInput, type SdiInput, type SwitcherInputGuard } from '../../../domain/switcher.ts';
import { setSdiInput } from '../api/unitCalls.ts';
import { unitDetailsKey } from '../useUnitPage.ts';

export interface SwitcherInputView {
  /** The input the select shows: the held one, else the last sent, else the unit's. */
  readonly selected: SdiInput | null;
  readonly held: SdiInput | null;
  readonly sending: SdiInput | null;
  readonly error: string | null;
}

/** The wait a 429 answer names (body retryAfterMs, ms), or null. */
function retryAfterOf(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429) return null;
  const body = error.body;
  const wait = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['retryAfterMs'] : undefined;
  return typeof wait === 'number' && Number.isFinite(wait) ? wait : null;
}

export function useSwitcherInput(unitId: string, current: SdiInput | null) {
  const queryClient = useQueryClient();
  const guard = useRef<SwitcherInputGuard>(initialInputGuard(current));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [view, setView] = useState<SwitcherInputView>({ selected: current, held: null, sending: null, error: null });

  const show = useCallback(
    (patch: Partial<SwitcherInputView>) =>
      setView((before) => {
        const g = guard.current;
        return { ...before, ...patch, held: g.held, selected: g.held ?? g.lastSent ?? current };
      }),
    [current],
  );

  // The send, the answer and the release call each other: kept in refs so the timer's closure stays valid.
  const send = useRef<(input: SdiInput) => void>(() => undefined);
  const schedule = useRef<() => void>(() => undefined);

  send.current = (input: SdiInput) => {
    show({ sending: input, error: null });
    setSdiInput(unitId, input).then(
      () => {
        guard.current = answered(guard.current, Date.now());
        show({ sending: null });
        void queryClient.invalidateQueries({ queryKey: unitDetailsKey(unitId) });
        schedule.current();
      },
      (error: unknown) => {
        const wait = retryAfterOf(error);
        guard.current = refused(guard.current, input, Date.now(), wait);
        show({ sending: null, error: wait === null ? errorMessageOf(error) : null });
        schedule.current();
      },
    );
  };

  schedule.current = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (guard.current.held === null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      const step = releaseInput(guard.current, Date.now());
      guard.current = step.guard;
      if (step.send !== null) send.current(step.send);
      else schedule.current();
    }, guardRemainingMs(guard.current, Date.now()));
  };

  const choose = useCallback(
    (input: SdiInput) => {
      const step = requestInput(guard.current, input, Date.now());
      guard.current = step.guard;
      if (step.send !== null) send.current(step.send);
      else show({ error: null });
      schedule.current();
    },
    [show],
  );

  return { ...view, choose };
}
