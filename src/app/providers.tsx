import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME, theme } from './theme.ts';
import { LazyToastLane } from './toastLane.tsx';

/**
 * The component kit (Mantine, dark by default) and toasts (spec 002 §9; the lane loads with the
 * first toast, toastLane.tsx). The REST cache (TanStack Query) is provided by the guard's route,
 * below the sign-in page (GuardRoot.tsx, queryClientLoader.ts).
 */
export function Providers({ children }: { readonly children: ReactNode }) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme={DEFAULT_COLOR_SCHEME}>
      <LazyToastLane />
      {children}
    </MantineProvider>
  );
}
