/**
 * The console's own screens (the unit list, multiview, map, unit page, replay, file upload) and how
 * the router finds any screen's loader. These six are what a sign-in lands on and what the list
 * warms (warmScreens.ts), so their loaders live apart from the map of every screen (screens.ts):
 * that chunk lists ~50 screens with the files each needs (Vite's preload lists, 5.1 KiB gzip), and
 * the unit list's first draw does not wait for it (docs/performance.md §7s). Their texts are the
 * console's (the guard loads them); i18n/textsSplit.test.ts keeps them off `locales/en/screens/`.
 */
import type { ComponentType } from 'react';
import type { RouteName } from '../domain/roles/routes.ts';
import { loadWithRetry } from './screenLoading.ts';

export type ScreenModule = { readonly default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;
export type ScreenLoaders = Partial<Record<RouteName, ScreenLoader>>;

export const CONSOLE_SCREENS = {
  UnitList: () => import('../features/units/UnitListScreen.tsx'),
  MultiView: () => import('../features/multiview/MultiviewScreen.tsx'),
  UnitMap: () => import('../features/map/MapScreen.tsx'),
  Unit: () => import('../features/unit/UnitScreen.tsx'),
  FileUpload: () => import('../features/fileUpload/FileUploadScreen.tsx'),
  Replay: () => import('../features/replay/ReplayScreen.tsx'),
} as const satisfies ScreenLoaders;

/** The loader of a route's screen: a console screen's at once, any other's from screens.ts (loaded, with retries, the first time). */
export async function screenLoaderOf(name: RouteName): Promise<ScreenLoader | undefined> {
  if (Object.hasOwn(CONSOLE_SCREENS, name)) return CONSOLE_SCREENS[name as keyof typeof CONSOLE_SCREENS];
  return (await loadWithRetry(() => import('./screens.ts'))).SCREENS[name];
}
