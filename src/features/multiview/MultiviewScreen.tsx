/**
 * /multiview (issue 5 item 4): a canvas wall of the units that pass the filters, in a 2×2 … 8×8
 * or fit-to-screen layout. Filters and layout are saved in preferences.multiViewChannelsFilters
 * (the search text after a pause in typing). Full screen puts the wall alone on the display, with
 * a visible exit button (Esc works too). A click on a tile opens the unit. Transition toasts are
 * muted while the wall is shown and counted in the toolbar instead (MutedTransitions.tsx).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Group, useComputedColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePreferences, useSavePreferences } from '../../api/queries.ts';
import { showError } from '../../components/toasts.ts';
import { readFilters, writeFilters, type MultiviewFilters } from './filters.ts';
import { MultiviewToolbar } from './MultiviewToolbar.tsx';
import { MutedTransitions, useMuteTransitionToasts } from './MutedTransitions.tsx';
import { WALL_PALETTES } from './palette.ts';
import { PAGE_BOTTOM_GAP_PX, useFillHeight, useFullscreen } from './useScreenFacts.ts';
import { useWallUnits } from './useWallUnits.ts';
import { WallCanvas } from './WallCanvas.tsx';

/** Typing in the search box is saved after this pause (ms). */
export const SEARCH_SAVE_DELAY_MS = 600;

export default function MultiviewScreen() {
  const { t } = useTranslation();
  const preferences = usePreferences();
  const save = useSavePreferences();
  const stored = preferences.data?.multiViewChannelsFilters;
  const initial = useMemo(() => readFilters(stored ?? {}), [stored]);
  const [filters, setFilters] = useState<MultiviewFilters>(initial);
  const savedFilters = useRef(initial);
  const panelRef = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(panelRef);
  const fillHeight = useFillHeight(panelRef, PAGE_BOTTOM_GAP_PX);
  const scheme = useComputedColorScheme('dark', { getInitialValueInEffect: false });
  const palette = WALL_PALETTES[scheme];
  const unitIds = useWallUnits(filters);
  useMuteTransitionToasts();

  // Save what changed; the search text waits for a pause in typing.
  useEffect(() => {
    const last = savedFilters.current;
    const selection = writeFilters(filters);
    if (JSON.stringify(selection) === JSON.stringify(writeFilters(last))) return undefined;
    const searchOnly = JSON.stringify(writeFilters({ ...filters, search: '' })) === JSON.stringify(writeFilters({ ...last, search: '' }));
    const timer = window.setTimeout(
      () => {
        savedFilters.current = filters;
        save.mutate({ multiViewChannelsFilters: selection }, { onError: (error) => showError(error) });
      },
      searchOnly ? SEARCH_SAVE_DELAY_MS : 0,
    );
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filters alone drive the save
  }, [filters]);

  return (
    <Box
      ref={panelRef}
      data-fullscreen={fullscreen.active}
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: fullscreen.active ? 6 : 12,
        height: fullscreen.active ? '100vh' : (fillHeight ?? 600),
        padding: fullscreen.active ? 8 : 0,
        minHeight: 320,
        position: 'relative',
        background: fullscreen.active ? palette.wall : undefined,
      }}
    >
      {fullscreen.active ? (
        // a slim bar of its own, so the exit never covers a tile
        <Group justify="flex-end" gap="sm">
          <MutedTransitions />
          <Button onClick={fullscreen.exit} variant="default" size="xs">
            {t('multiview.exitFullscreen')}
          </Button>
        </Group>
      ) : (
        <MultiviewToolbar filters={filters} shown={unitIds.length} onChange={setFilters} onFullscreen={fullscreen.enter} />
      )}
      <WallCanvas unitIds={unitIds} layout={filters.layout} palette={palette} />
    </Box>
  );
}
