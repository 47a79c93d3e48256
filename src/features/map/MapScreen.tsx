/**
 * /map (issue 5 item 5): every located unit on an OpenLayers map (createUnitMap), clusters at low
 * zoom with a pop-up of their members that follows its cluster (or closes saying the cluster
 * split), a fit-to-fleet control, the selected unit on its own layer, the offline world
 * basemap following the theme, and the configured tile URL when there is one. The view starts
 * where the user left it (preferences mapData; zoom 3 at 0,0 by default, spec 002 §3) and is
 * saved after it stops moving.
 */
import 'ol/ol.css';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Box, Button, Group, Paper, Text, Title, useComputedColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClientConfiguration, usePreferences, useSavePreferences } from '../../api/queries.ts';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM, type MapData } from '../../domain/preferences.ts';
import { useFleet } from '../../fleet/index.ts';
import { createUnitMap, type UnitMap } from './createUnitMap.ts';
import { MapLegend } from './MapLegend.tsx';
import { MapPopup } from './MapPopup.tsx';
import { MAP_PALETTES } from './mapStyles.ts';
import { MAP_SAVE_DELAY_MS, sameMapData } from './mapState.ts';
import { PAGE_BOTTOM_GAP_PX, useFillHeight } from '../multiview/useScreenFacts.ts';

/** Four corners pointing out: "show everything". */
function FitIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden>
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    </svg>
  );
}

type ClusterSummary = { count: number; largest: { x: number; y: number; size: number } | null; zoom: number };

export default function MapScreen() {
  const { t } = useTranslation();
  const { store } = useFleet();
  const preferences = usePreferences();
  const configuration = useClientConfiguration();
  const save = useSavePreferences();
  const scheme = useComputedColorScheme('dark', { getInitialValueInEffect: false });
  const targetRef = useRef<HTMLDivElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  const fillHeight = useFillHeight(pageRef, PAGE_BOTTOM_GAP_PX);
  const mapRef = useRef<UnitMap | null>(null);
  const [popupElement] = useState(() => document.createElement('div'));
  const [members, setMembers] = useState<readonly string[] | null>(null);
  /** Bumped on every click that opens a pop-up: a new pop-up (its list scrolled to the top). */
  const [opened, setOpened] = useState(0);
  const [summary, setSummary] = useState<ClusterSummary | null>(null);
  /** Why the pop-up closed by itself (its cluster split), until the next click on the map. */
  const [notice, setNotice] = useState<string | null>(null);
  const saved = useRef<MapData>(preferences.data?.mapData ?? { zoom: DEFAULT_MAP_ZOOM, latLng: DEFAULT_MAP_CENTER });
  const saveTimer = useRef<number | null>(null);
  const selectedAtStart = useRef(preferences.data?.lastSelectedUnit ?? null);

  useEffect(() => {
    const target = targetRef.current;
    if (target === null) return undefined;
    const map = createUnitMap({
      target,
      popup: popupElement,
      store,
      initial: saved.current,
      palette: MAP_PALETTES[scheme],
      selected: selectedAtStart.current,
      onMoveEnd: (data) => {
        if (saveTimer.current !== null) window.clearTimeout(saveTimer.current);
        saveTimer.current = window.setTimeout(() => {
          if (sameMapData(data, saved.current)) return;
          saved.current = data;
          save.mutate({ mapData: data });
        }, MAP_SAVE_DELAY_MS);
      },
      onClick: (click) => {
        setNotice(null);
        switch (click.kind) {
          case 'cluster':
            setOpened((n) => n + 1);
            setMembers(click.members);
            map.showPopup(click.at);
            return;
          case 'unit':
            setOpened((n) => n + 1);
            map.setSelected(click.unitId);
            setMembers([click.unitId]);
            map.showPopup(click.at);
            return;
          case 'none':
            setMembers(null);
            map.showPopup(null);
            return;
        }
      },
      onClusters: setSummary,
      onFollow: (follow) => {
        if (follow.kind === 'members') {
          setMembers((shown) => (shown === null ? shown : follow.members));
          return;
        }
        setMembers(null);
        setNotice(t('mapTools.split'));
      },
    });
    mapRef.current = map;
    return () => {
      if (saveTimer.current !== null) window.clearTimeout(saveTimer.current);
      map.destroy();
      mapRef.current = null;
    };
    // The map is built once; theme, tile URL and selection are pushed into it below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, popupElement]);

  useEffect(() => mapRef.current?.setPalette(MAP_PALETTES[scheme]), [scheme]);
  const tileUrl = configuration.data?.mapTileUrl ?? null;
  useEffect(() => mapRef.current?.setTileUrl(tileUrl), [tileUrl]);

  const closePopup = () => {
    setMembers(null);
    mapRef.current?.showPopup(null);
  };

  return (
    <Box ref={pageRef} style={{ display: 'flex', flexDirection: 'column', gap: 12, height: fillHeight ?? 600, minHeight: 320 }}>
      <Title order={1} fz="h3">
        {t('routes.map')}
      </Title>
      <Box style={{ position: 'relative', flex: 1, minHeight: 0, borderRadius: 6, overflow: 'hidden' }}>
        <div
          ref={targetRef}
          role="application"
          aria-label={t('map.label')}
          data-testid="unit-map"
          data-clusters={summary?.count ?? 0}
          data-zoom={summary?.zoom ?? ''}
          data-largest-cluster={summary?.largest === null || summary === null ? '' : `${summary.largest.x},${summary.largest.y},${summary.largest.size}`}
          style={{ position: 'absolute', inset: 0 }}
        />
        <MapLegend />
        <Group gap="xs" style={{ position: 'absolute', top: 8, right: 8, zIndex: 2 }}>
          <Button size="xs" variant="default" leftSection={<FitIcon />} onClick={() => mapRef.current?.fitToFleet()} data-testid="fit-to-fleet">
            {t('mapTools.fit')}
          </Button>
        </Group>
        {notice !== null && (
          <Paper withBorder shadow="sm" px="sm" py={6} radius="md" role="status" data-testid="map-notice" style={{ position: 'absolute', top: 8, left: '50%', transform: 'translateX(-50%)', zIndex: 2 }}>
            <Text fz="sm">{notice}</Text>
          </Paper>
        )}
      </Box>
      {members !== null && createPortal(<MapPopup key={opened} members={members} onClose={closePopup} />, popupElement)}
    </Box>
  );
}
