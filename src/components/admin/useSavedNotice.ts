import { useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

/**
 * A tab of an editor that saves on its own (channel editor, edit server, edit device): after a
 * save its lists reload (`invalidate`) and the tab says "saved" until the user types again (`reset`).
 */
export function useSavedNotice(invalidate: (client: QueryClient) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  return {
    saved,
    onSaved: () => {
      setSaved(true);
      void invalidate(queryClient);
    },
    reset: () => setSaved(false),
  };
}
