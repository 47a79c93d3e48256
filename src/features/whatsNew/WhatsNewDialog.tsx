/**
 * The what's-new dialog of the shell: once after an upgrade (src/domain/whatsNew.ts decides which
 * notes), the signed-in user is shown the new notes; closing the dialog tells the server, which
 * then shows them no more. Asked once per page load (and after a super user edits notes); nothing
 * shows when there is nothing new. The dialog's code (WhatsNewNotes.tsx, with Mantine's Modal)
 * loads only when there are notes; if it cannot, nothing shows and the notes stay unseen for the
 * next page load (components/lazyDialog.tsx, quiet).
 */
import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazyOverlay } from '../../components/lazyDialog.tsx';
import { fetchMyNotes, markSeen, whatsNewKeys } from './queries.ts';

/** The notes are a once-per-version message: no refetch on focus or on a timer. */
const NEVER_STALE = Number.POSITIVE_INFINITY;

const notesDialog = lazyOverlay(async () => (await import('./WhatsNewNotes.tsx')).WhatsNewNotes, { quiet: true });

export function WhatsNewDialog() {
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: whatsNewKeys.mine, queryFn: ({ signal }) => fetchMyNotes(signal), staleTime: NEVER_STALE, retry: false });
  const seen = useMutation({
    mutationFn: markSeen,
    onSettled: () => queryClient.setQueryData(whatsNewKeys.mine, (now: typeof mine.data) => (now === undefined ? now : { ...now, notes: [] })),
  });
  const notes = mine.data?.notes ?? [];
  const { mutate } = seen;
  const close = useCallback((): void => mutate(), [mutate]);
  return <notesDialog.Overlay opened={notes.length > 0} onClose={close} notes={notes} serverVersion={mine.data?.serverVersion ?? ''} closing={seen.isPending} />;
}
