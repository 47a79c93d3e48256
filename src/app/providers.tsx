import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME, theme } from './theme.ts';
import { LazyToastLane } from './toastLane.tsx';

/**
 * The component kit (Mantine, dark by default), toasts (spec 002 §9; the lane loads with the
 * first toast, toastLane.tsx) and the REST cache (TanStack Query).
 */
export function Providers({ queryClient, children }: { readonly queryClient: QueryClient; readonly children: ReactNode }) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme={DEFAULT_COLOR_SCHEME}>
      <LazyToastLane />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
