/**
 * The component kit's theme (Mantine): dark by default for the operations wall, light available;
 * the choice is saved in this browser (localStorage 'luc-color-scheme'). The preferences API has
 * no theme field and refuses unknown ones, so the theme stays a per-screen choice, which also
 * suits a wall display and an office desk signed in as the same user.
 */
import { createTheme, localStorageColorSchemeManager, type DrawerProps, type MantineColorScheme, type ModalProps, type NotificationProps, type SelectProps } from '@mantine/core';

export const COLOR_SCHEME_STORAGE_KEY = 'luc-color-scheme';
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'dark';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: 'sm',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
  headings: { fontWeight: '600' },
  // Every dialog's and toast's close button has an accessible name (issue 17 item 6); a dialog that
  // sets its own (closeButtonProps) keeps it. English like the whole interface (spec 000 §1).
  // Plain objects rather than `Modal.extend(…)`: extend only types its argument, and importing the
  // dialogs for it put their code (and the ScrollArea and floating-ui they use) into the sign-in
  // page's JavaScript (docs/performance.md §7q).
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<DrawerProps> },
    // A second click on the chosen option keeps it (Mantine's default clears it): a required
    // field must not empty itself under a double click. `clearable` is the way to empty one.
    Select: { defaultProps: { allowDeselect: false } satisfies Partial<SelectProps> },
    // A toast's title and message are one line each (ellipsis; toasts.ts puts the whole text in a
    // tooltip) so that five always fit the toast lane (TOAST_LANE_HEIGHT_PX).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } satisfies Partial<NotificationProps>,
      styles: {
        title: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
        description: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
      },
    },
  },
  colors: {
    // A cooler, deeper dark palette than the default: less glare on a control-room wall.
    dark: ['#c9d1dc', '#a7b1bf', '#7d8898', '#5b6676', '#3a4352', '#2a313d', '#1e242e', '#161b23', '#11151b', '#0b0e13'],
  },
});
