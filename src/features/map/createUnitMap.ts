/**
 * The unit map, built imperatively behind the React screen (design.md: imperative maps behind
 * headless components). Layers, bottom to top:
 *  1. the offline world basemap (world-atlas countries, colours by theme), an image layer: drawn
 *     once per view, not again on every frame the units change;
 *  2. an optional XYZ tile layer from the client configuration's mapTileUrl (tileLayer.ts, loaded
 *     only when a URL is set);
 *  3. the units drawn as points, coloured by status (a canvas vector layer, one shared style per
 *     status): lone units at zoom ≤ CLUSTER_MAX_ZOOM, every unit closer in, near the view only
 *     (UnitDisplay). Not WebGL: in software GL (headless Chromium, machines without a GPU) every
 *     map render with the WebGL layer cost a 70-180 ms compositor commit on the main thread, one
 *     a second under the stream (docs/performance.md §5k);
 *  4. clusters at zoom ≤ CLUSTER_MAX_ZOOM (canvas; a few hundred bubbles at most);
 *  5. the selected unit, never clustered, with its name.
 * Unit changes reach the layers from UnitPositions (once per animation frame, only the changed
 * units) through UnitDisplay, at most once per UNITS_REFRESH_MS; a pan or zoom redraws at once.
 */
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import Overlay from 'ol/Overlay.js';
import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorImageLayer from 'ol/layer/VectorImage.js';
import type TileLayer from 'ol/layer/Tile.js';
import VectorSource from 'ol/source/Vector.js';
import type XYZ from 'ol/source/XYZ.js';
import { defaults as defaultControls } from 'ol/control/defaults.js';
import { boundingExtent, containsCoordinate, getCenter, getWidth } from 'ol/extent.js';
import { wrapX } from 'ol/coordinate.js';
import { fromLonLat, toLonLat } from 'ol/proj.js';
import type { Coordinate } from 'ol/coordinate.js';
import type { MapData } from '../../domain/preferences.ts';
import type { UserFacingStatus } from '../../domain/units/status.ts';
import type { FleetStore } from '../../fleet/index.ts';
import { iconStatusOf } from '../fleet/statusColours.ts';
import { basemapStyle, clusterStyle, POINT_RADIUS, selectedStyle, statusOfIndex, unitPointStyle, type MapPalette } from './mapStyles.ts';
import { worldFeatures } from './basemap.ts';
import { cellCentre } from './clusterGrid.ts';
import { followCluster } from './clusterFollow.ts';
import { placePopup, type Size } from './popupPlacement.ts';
import { CLUSTER_CELL_PX, CLUSTER_MAX_ZOOM } from './clusters.ts';
import { mapDataOf } from './mapState.ts';
import { UnitDisplay } from './unitDisplay.ts';
import { FLUSH_SLICE_MS, runSlice } from './flushSlices.ts';
import { UnitPositions } from './unitPositions.ts';

/**
 * Live unit changes redraw the points and clusters at most this often (ms); a pan or zoom redraws
 * at once. Every redraw costs time per drawn point and a compositor commit of the map's canvases,
 * so its rate is bounded whatever the churn: at 1,700 events/s nearly every frame would otherwise
 * carry a change.
 */
export const UNITS_REFRESH_MS = 1_000;
/** The reported largest cluster is at least this far inside the map (px). */
const PROBE_MARGIN_PX = 60;
/** Click tolerance around points and clusters (px). */
const HIT_TOLERANCE_PX = 4;

export type MapClick = { kind: 'cluster'; members: readonly string[]; at: Coordinate } | { kind: 'unit'; unitId: string; at: Coordinate } | { kind: 'none' };

type ClusterSummary = { count: number; largest: { x: number; y: number; size: number } | null; zoom: number };

export interface UnitMapOptions {
  target: HTMLElement;
  popup: HTMLElement;
  store: FleetStore;
  initial: MapData;
  palette: MapPalette;
  selected: string | null;
  onMoveEnd(data: MapData): void;
  onClick(click: MapClick): void;
  /** The biggest cluster well inside the screen (its pixel and size), when the clusters or the zoom changed; for the page's data attributes. */
  onClusters(summary: ClusterSummary): void;
  /**
   * The open cluster pop-up's cluster changed (clusterFollow.ts): its members now (the pop-up
   * moved with it), or 'split' (the pop-up was closed: the zoom broke the cluster apart).
   */
  onFollow(follow: { kind: 'members'; members: readonly string[] } | { kind: 'split' }): void;
}

/** Fit to fleet: the units' extent is shown with this margin (px) and no closer than this zoom. */
const FIT_PADDING_PX = 48;
const FIT_MAX_ZOOM = 12;

export interface UnitMap {
  setPalette(palette: MapPalette): void;
  setTileUrl(url: string | null): void;
  setSelected(unitId: string | null): void;
  showPopup(at: Coordinate | null): void;
  /** Zooms to the extent of the units on the map (every located unit); false when there is none. */
  fitToFleet(): boolean;
  destroy(): void;
}

function sameSummary(a: ClusterSummary | null, b: ClusterSummary): boolean {
  return a !== null && a.count === b.count && a.zoom === b.zoom && a.largest?.x === b.largest?.x && a.largest?.y === b.largest?.y && a.largest?.size === b.largest?.size;
}

export function createUnitMap(options: UnitMapOptions): UnitMap {
  let palette = options.palette;
  let selected = options.selected;
  /** Units changed since the layers were last updated. */
  const pending = new Set<string>();
  let lastFlushAt = 0;
  let flushTimer: number | null = null;
  /**
   * The refresh under way: its units (all of them, for the draw at its end) and how many are on
   * the grid yet; they are put there FLUSH_SLICE_MS a frame (flushSlices.ts), then drawn at once.
   */
  let flushing: { ids: string[]; placed: number } | null = null;
  let flushFrame: number | null = null;
  let viewReady = false;
  let lastSummary: ClusterSummary | null = null;
  /** The cluster whose pop-up is open: its members and the grid they were read from (clusterFollow.ts). */
  let followed: { members: readonly string[]; gridVersion: number } | null = null;
  /** The unit whose pop-up is open (it follows the unit as it moves). */
  let followedUnit: string | null = null;

  const basemap = new VectorImageLayer({ source: new VectorSource({ features: worldFeatures() }), style: basemapStyle(palette) });
  const units = new UnitPositions(options.store, (changed) => {
    if (selected !== null && changed.has(selected)) refreshSelected();
    for (const id of changed) pending.add(id);
    scheduleFlush();
  });
  const display = new UnitDisplay(units);
  display.setSelected(selected);
  // Clicks find points in the source (pointAt), never by the layer's hit detection.
  const unitLayer = new VectorLayer({ source: display.points, style: unitPointStyle(palette) });
  const clusterLayer = new VectorLayer({
    source: display.clusters,
    style: (feature) => clusterStyle(feature.get('count') as number, statusOfIndex(feature.get('status') as number), palette),
  });
  const selectedSource = new VectorSource<Feature<Point>>();
  const selectedLayer = new VectorLayer({
    source: selectedSource,
    style: (feature) => selectedStyle(feature.get('status') as UserFacingStatus, feature.get('name') as string, palette),
    zIndex: 10,
  });
  let tileLayer: TileLayer<XYZ> | null = null;
  /** Counts setTileUrl calls: a tile module that arrives after a newer call (or after destroy) is dropped. */
  let tileRequest = 0;
  let destroyed = false;

  // No autoPan: the pop-up follows its cluster (refollow), and a follow must never pan the map
  // the user is moving. It stays inside the map by its own placement instead (placePopupInMap).
  const overlay = new Overlay({ element: options.popup, positioning: 'top-left', stopEvent: true });
  const view = new View({ center: fromLonLat([options.initial.latLng.lng, options.initial.latLng.lat]), zoom: options.initial.zoom });
  const map = new OlMap({
    target: options.target,
    layers: [basemap, unitLayer, clusterLayer, selectedLayer],
    overlays: [overlay],
    view,
    controls: defaultControls({ rotate: false, attribution: false }),
  });
  options.target.style.background = palette.sea;
  // The pop-up above the map's own buttons and legend (zIndex 2, MapScreen): "Fit to fleet" covered
  // its close button near the top-right corner. OpenLayers gives this container zIndex 0.
  const overlayLayer = map.getOverlayContainerStopEvent();
  if (overlayLayer !== undefined) overlayLayer.style.zIndex = '3';

  /** The pop-up's size while it is shown (a ResizeObserver's, no layout read per frame); null when it is empty. */
  let popupSize: Size | null = null;
  const popupOffset: [number, number] = [Number.NaN, Number.NaN];
  /**
   * Places the pop-up against its point so that it stays inside the map (popupPlacement.ts):
   * on every map render (a pan, a zoom, the refresh), when it moves (a follow) and when its size
   * changes. The offset is set only when it changed (each set moves the element).
   */
  function placePopupInMap(): void {
    const at = overlay.getPosition();
    const mapSize = map.getSize();
    if (at === undefined || mapSize === undefined || popupSize === null) return;
    const pixel = map.getPixelFromCoordinate(at) as [number, number] | null;
    if (pixel === null) return;
    const [width = 0, height = 0] = mapSize;
    const place = placePopup(pixel, popupSize, { width, height });
    if (place.offset[0] === popupOffset[0] && place.offset[1] === popupOffset[1]) return;
    popupOffset[0] = place.offset[0];
    popupOffset[1] = place.offset[1];
    options.popup.dataset['placement'] = place.below ? 'below' : 'above';
    overlay.setOffset([place.offset[0], place.offset[1]]);
  }
  const popupResize = new ResizeObserver(([entry]) => {
    const box = entry?.borderBoxSize[0];
    popupSize = box === undefined || box.inlineSize === 0 ? null : { width: box.inlineSize, height: box.blockSize };
    placePopupInMap();
  });
  popupResize.observe(options.popup);
  map.on('postrender', placePopupInMap);
  overlay.on('change:position', placePopupInMap);

  function refreshSelected(): void {
    const unit = selected === null ? undefined : options.store.unit(selected);
    if (unit === undefined || unit.lat === undefined || unit.lng === undefined) {
      if (selectedSource.getFeatures().length > 0) selectedSource.clear();
      return;
    }
    const coordinates = fromLonLat([unit.lng, unit.lat]);
    const status = iconStatusOf(unit);
    const feature = selectedSource.getFeatures()[0];
    if (feature === undefined || feature.getId() !== unit.id) {
      selectedSource.clear();
      const created = new Feature({ geometry: new Point(coordinates), status, name: unit.name });
      created.setId(unit.id);
      selectedSource.addFeature(created);
    } else {
      feature.getGeometry()?.setCoordinates(coordinates);
      feature.setProperties({ status, name: unit.name });
    }
    if (followedUnit !== null && followedUnit === unit.id) overlay.setPosition(nearView(coordinates));
  }

  /** `at`, or its copy one world east or west, whichever is nearest the view's centre (the map repeats the world). */
  function nearView(at: Coordinate): Coordinate {
    const worldWidth = getWidth(view.getProjection().getExtent());
    const [cx = 0] = view.getCenter() ?? [0, 0];
    const [x = 0, y = 0] = at;
    return [x + Math.round((cx - x) / worldWidth) * worldWidth, y];
  }

  /** Moves the open cluster pop-up to where its cluster is now, or closes it when the cluster split. */
  function refollow(): void {
    if (followed === null) return;
    const regridded = display.gridVersion !== followed.gridVersion;
    const next = followCluster(followed.members, (id) => display.cellOfUnit(id), regridded);
    if (next.kind === 'split') {
      followed = null;
      overlay.setPosition(undefined);
      options.onFollow({ kind: 'split' });
      return;
    }
    const cell = display.cellAt(next.key);
    if (cell !== undefined) overlay.setPosition(nearView(cellCentre(cell)));
    const changed = next.members.length !== followed.members.length || next.members.some((id, i) => id !== followed?.members[i]);
    followed = { members: next.members, gridVersion: display.gridVersion };
    if (changed) options.onFollow({ kind: 'members', members: next.members });
  }

  /**
   * Starts applying the pending unit changes to the layers (O(changed units and their cells)):
   * their grid puts over as many frames as FLUSH_SLICE_MS needs (one, for a usual refresh), then
   * one draw of the changed cells and points. Changes arriving meanwhile wait for the next refresh.
   */
  function flush(): void {
    if (flushing !== null) return; // the one under way schedules the next when it ends
    lastFlushAt = Date.now();
    if (pending.size === 0) return;
    flushing = { ids: [...pending], placed: 0 };
    pending.clear();
    flushSlice();
  }

  /** One frame's share of the refresh under way; its draw once every unit is on the grid. */
  function flushSlice(): void {
    flushFrame = null;
    const refresh = flushing;
    if (refresh === null) return;
    refresh.placed = runSlice(refresh.ids.length, refresh.placed, (from, to) => display.place(refresh.ids, from, to), FLUSH_SLICE_MS, () => performance.now());
    if (refresh.placed < refresh.ids.length) {
      flushFrame = requestAnimationFrame(flushSlice);
      return;
    }
    flushing = null;
    display.draw(refresh.ids);
    reportClusters();
    refollow();
    if (pending.size > 0) scheduleFlush();
  }

  /** Ends the refresh under way at once (a new view reconciles everything): its units go back to pending. */
  function abandonFlush(): void {
    if (flushFrame !== null) cancelAnimationFrame(flushFrame);
    flushFrame = null;
    if (flushing !== null) for (const id of flushing.ids) pending.add(id);
    flushing = null;
  }

  function scheduleFlush(): void {
    if (!viewReady || flushTimer !== null || flushing !== null) return;
    const wait = Math.max(0, lastFlushAt + UNITS_REFRESH_MS - Date.now());
    if (wait === 0) return flush(); // already inside an animation frame (UnitPositions)
    flushTimer = window.setTimeout(() => {
      flushTimer = null;
      flush();
    }, wait);
  }

  /** After a pan or zoom: every point and cluster near the new view (the grid is rebuilt when the zoom changed). */
  function applyView(): void {
    const size = map.getSize();
    const resolution = view.getResolution();
    if (size === undefined || resolution === undefined) return;
    if (flushTimer !== null) window.clearTimeout(flushTimer);
    flushTimer = null;
    abandonFlush();
    display.update([...pending]);
    pending.clear();
    const zoom = view.getZoom() ?? 0;
    display.setView({
      extent: view.calculateExtent(size) as [number, number, number, number],
      resolution,
      // The grid follows the whole zoom level (cells of 40 to 79 px between levels): a fractional
      // wheel or pinch zoom within a level keeps the grid; only a new level rebuilds it (O(units)).
      cellSize: zoom > CLUSTER_MAX_ZOOM ? null : CLUSTER_CELL_PX * view.getResolutionForZoom(Math.round(zoom)),
      worldWidth: getWidth(view.getProjection().getExtent()),
    });
    viewReady = true;
    lastFlushAt = Date.now();
    reportClusters();
    refollow();
  }

  function reportClusters(): void {
    const size = map.getSize() ?? [0, 0];
    const extent = view.calculateExtent(size);
    const cells = display.clusterCells();
    let largest: { x: number; y: number; size: number } | null = null;
    let count = 0;
    for (const cell of cells) {
      const at = cellCentre(cell);
      if (!containsCoordinate(extent, at)) continue;
      count += 1;
      if (largest !== null && cell.members.size <= largest.size) continue;
      const pixel = map.getPixelFromCoordinate(at);
      if (pixel === null || pixel === undefined) continue;
      const [px = -1, py = -1] = pixel;
      // well inside the map, so a click there is not under a control or the edge
      if (px < PROBE_MARGIN_PX || py < PROBE_MARGIN_PX || px > (size[0] ?? 0) - PROBE_MARGIN_PX || py > (size[1] ?? 0) - PROBE_MARGIN_PX) continue;
      largest = { x: Math.round(px), y: Math.round(py), size: cell.members.size };
    }
    const summary = { count, largest, zoom: view.getZoom() ?? 0 };
    if (sameSummary(lastSummary, summary)) return;
    lastSummary = summary;
    options.onClusters(summary);
  }

  /** The unit point under a pixel, if any (nearest within the point's radius plus the click tolerance). */
  function pointAt(pixel: number[]): string | undefined {
    const resolution = view.getResolution() ?? 0;
    const at = map.getCoordinateFromPixel(pixel);
    if (at === null || at === undefined) return undefined;
    const [x = 0, y = 0] = wrapX(at.slice(), view.getProjection());
    const reach = (POINT_RADIUS + HIT_TOLERANCE_PX) * resolution;
    let best: string | undefined;
    let bestDistance = Infinity;
    for (const feature of display.points.getFeaturesInExtent([x - reach, y - reach, x + reach, y + reach])) {
      const [fx = 0, fy = 0] = feature.getGeometry()?.getCoordinates() ?? [];
      const distance = Math.hypot(fx - x, fy - y);
      if (distance <= reach && distance < bestDistance) {
        best = String(feature.getId());
        bestDistance = distance;
      }
    }
    return best;
  }

  map.on('moveend', () => {
    applyView();
    const center = view.getCenter() ?? [0, 0];
    const [lng = 0, lat = 0] = toLonLat(center);
    options.onMoveEnd(mapDataOf([lng, lat], view.getZoom() ?? options.initial.zoom));
  });

  map.on('singleclick', (event) => {
    const hit = <T>(layer: unknown, read: (feature: Feature) => T): T | undefined =>
      map.forEachFeatureAtPixel(event.pixel, (feature) => read(feature as Feature), { layerFilter: (l) => l === layer, hitTolerance: HIT_TOLERANCE_PX }) ?? undefined;
    const cell = hit(clusterLayer, (f) => f.get('cell') as number);
    const gridCell = cell === undefined ? undefined : display.cellAt(cell);
    followed = null;
    followedUnit = null;
    if (cell !== undefined) {
      // The pop-up is anchored to the cluster (its members' mean position) and follows it (refollow).
      const members = display.membersOf(cell);
      followed = { members, gridVersion: display.gridVersion };
      const at = gridCell === undefined ? event.coordinate : nearView(cellCentre(gridCell));
      return options.onClick({ kind: 'cluster', members, at });
    }
    const unitId = hit(selectedLayer, (f) => String(f.getId())) ?? pointAt(event.pixel);
    if (unitId !== undefined) {
      followedUnit = unitId;
      const position = units.get(unitId);
      return options.onClick({ kind: 'unit', unitId, at: position === undefined ? event.coordinate : nearView([position.x, position.y]) });
    }
    options.onClick({ kind: 'none' });
  });

  map.on('pointermove', (event) => {
    if (event.dragging) return;
    const over = map.hasFeatureAtPixel(event.pixel, { layerFilter: (l) => l === clusterLayer || l === selectedLayer, hitTolerance: HIT_TOLERANCE_PX });
    options.target.style.cursor = over ? 'pointer' : '';
  });

  units.start();

  return {
    setPalette(next) {
      palette = next;
      basemap.setStyle(basemapStyle(next));
      unitLayer.setStyle(unitPointStyle(next));
      clusterLayer.changed();
      selectedLayer.changed();
      options.target.style.background = next.sea;
    },
    setTileUrl(url) {
      tileRequest += 1;
      const request = tileRequest;
      if (tileLayer !== null) map.removeLayer(tileLayer);
      tileLayer = null;
      if (url === null) return;
      // A chunk that fails to load leaves the offline basemap alone on screen.
      import('./tileLayer.ts').then(
        ({ createTileLayer }) => {
          if (destroyed || request !== tileRequest) return;
          tileLayer = createTileLayer(url);
          map.getLayers().insertAt(1, tileLayer); // above the offline basemap, below the units
        },
        (error: unknown) => console.error('map: the tile layer could not be loaded; the offline basemap stays', error),
      );
    },
    setSelected(unitId) {
      selected = unitId;
      refreshSelected();
      display.setSelected(unitId);
      reportClusters();
    },
    showPopup(at) {
      if (at === null) {
        followed = null;
        followedUnit = null;
      }
      overlay.setPosition(at ?? undefined);
    },
    fitToFleet() {
      const coordinates: Coordinate[] = [];
      for (const [, p] of units.entries()) coordinates.push([p.x, p.y]);
      const size = map.getSize();
      if (coordinates.length === 0 || size === undefined) return false;
      const extent = boundingExtent(coordinates);
      const [width = 0, height = 0] = size;
      const resolution = view.getResolutionForExtent(extent, [Math.max(1, width - 2 * FIT_PADDING_PX), Math.max(1, height - 2 * FIT_PADDING_PX)]);
      // A whole zoom level (the one that still holds every unit), like the zoom buttons give.
      const zoom = Math.max(view.getMinZoom(), Math.min(FIT_MAX_ZOOM, Math.floor(view.getZoomForResolution(resolution) ?? FIT_MAX_ZOOM)));
      view.animate({ center: getCenter(extent), zoom, duration: 300 });
      return true;
    },
    destroy() {
      destroyed = true;
      if (flushTimer !== null) window.clearTimeout(flushTimer);
      abandonFlush();
      units.stop();
      popupResize.disconnect();
      map.setTarget(undefined);
      unitLayer.dispose();
      map.dispose();
    },
  };
}
