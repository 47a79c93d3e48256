/**
 * The console's own screens (the unit list, multiview, map, unit page, replay, file upload) and how
 * the router finds any screen's loader. These six are what a sign-in lands on and what the list
 * warms (warmScreens.ts), so their loaders live apart from the map of every screen (screens.ts):
 * that chunk lists ~50 screens with the files each needs (Vite's preload lists, 5.1 KiB gzip), and
 * the unit list's first draw does not wait for it (docs/performance.md §7s).
 *
 * Texts: the list's and the replay's are the console's (the guard loads them). The four others
 * also wait for the unit screens' texts (`locales/en/unitScreens/`, one chunk loaded beside the
 * first of them: §7t), which the list never uses; i18n/textsSplit.test.ts checks both splits.
 */
import type { ComponentType } from 'react';
import type { RouteName } from '../domain/roles/routes.ts';
import { loadUnitScreenTexts } from '../i18n/i18n.ts';
import { loadWithRetry } from './screenLoading.ts';

export type ScreenModule = { readonly default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;
export type ScreenLoaders = Partial<Record<RouteName, ScreenLoader>>;

/** A screen's loader that resolves once its module and a set of texts are both in (either failing fails it: the route retries). */
export function withTexts(load: ScreenLoader, loadTexts: () => Promise<void>): ScreenLoader {
  return async () => (await Promise.all([load(), loadTexts()]))[0];
}

/** The six screens' modules, one chunk each. */
const CONSOLE_SCREEN_MODULES = {
  UnitList: () => import('../features/units/UnitListScreen.tsx'),
  MultiView: () => import('../features/multiview/MultiviewScreen.tsx'),
  UnitMap: () => import('../features/map/MapScreen.tsx'),
  Unit: () => import('../features/unit/UnitScreen.tsx'),
  FileUpload: () => import('../features/fileUpload/FileUploadScreen.tsx'),
  Replay: () => import('../features/replay/ReplayScreen.tsx'),
} as const satisfies ScreenLoaders;

/** A unit screen's loader that also waits for the unit screens' texts. */
const withUnitTexts = (load: ScreenLoader): ScreenLoader => withTexts(load, () => loadUnitScreenTexts());

export const CONSOLE_SCREENS = {
  UnitList: CONSOLE_SCREEN_MODULES.UnitList,
  MultiView: withUnitTexts(CONSOLE_SCREEN_MODULES.MultiView),
  UnitMap: withUnitTexts(CONSOLE_SCREEN_MODULES.UnitMap),
  Unit: withUnitTexts(CONSOLE_SCREEN_MODULES.Unit),
  FileUpload: withUnitTexts(CONSOLE_SCREEN_MODULES.FileUpload),
  Replay: CONSOLE_SCREEN_MODULES.Replay,
} as const satisfies Record<keyof typeof CONSOLE_SCREEN_MODULES, ScreenLoader>;

/** The loader of a route's screen: a console screen's at once, any other's from screens.ts (loaded, with retries, the first time). */
export async function screenLoaderOf(name: RouteName): Promise<ScreenLoader | undefined> {
  if (Object.hasOwn(CONSOLE_SCREENS, name)) return CONSOLE_SCREENS[name as keyof typeof CONSOLE_SCREENS];
  return (await loadWithRetry(() => import('./screens.ts'))).SCREENS[name];
}
