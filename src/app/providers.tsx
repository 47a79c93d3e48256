import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST_DEFAULT_DURATION_MS, TOAST_GAP_PX, TOAST_MAX_VISIBLE, TOAST_STACK_MAX_PX, TOAST_WIDTH_PX, TOAST_Z_INDEX } from '../domain/constants.ts';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME, theme } from './theme.ts';

/**
 * The component kit (Mantine, dark by default), toasts (spec 002 §9: at most 5 shown, 3 s by
 * default; below dialogs, TOAST_Z_INDEX; bottom-left, in the shell's toast lane) and the REST
 * cache (TanStack Query).
 */
export function Providers({ queryClient, children }: { readonly queryClient: QueryClient; readonly children: ReactNode }) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme={DEFAULT_COLOR_SCHEME}>
      <Notifications
        limit={TOAST_MAX_VISIBLE}
        autoClose={TOAST_DEFAULT_DURATION_MS}
        position="bottom-left"
        zIndex={TOAST_Z_INDEX}
        containerWidth={TOAST_WIDTH_PX}
        // The stack never grows out of the lane: while one toast leaves as a sixth comes, the one
        // leaving is cut at the lane's top (the stack is bottom-aligned, its overflow hidden).
        styles={{
          root: { maxHeight: TOAST_STACK_MAX_PX, overflow: 'hidden', display: 'flex', flexDirection: 'column', justifyContent: 'flex-end' },
          notification: { marginTop: TOAST_GAP_PX, flex: 'none' },
        }}
      />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
