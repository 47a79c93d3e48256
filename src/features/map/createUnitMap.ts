/**
 * The unit map, built imperatively behind the React screen (design.md: imperative maps behind
 * headless components). Layers, bottom to top:
 *  1. the offline world basemap (world-atlas countries, canvas vector, colours by theme);
 *  2. an optional XYZ tile layer from the client configuration's mapTileUrl;
 *  3. every located unit as a point coloured by status (ol/layer/WebGLVector, flat style);
 *  4. clusters at zoom ≤ CLUSTER_MAX_ZOOM (canvas; a few hundred bubbles at most), whose members
 *     are hidden from layer 3 by a GPU-side filter;
 *  5. the selected unit, never clustered, with its name.
 */
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import Overlay from 'ol/Overlay.js';
import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import WebGLVectorLayer from 'ol/layer/WebGLVector.js';
import TileLayer from 'ol/layer/Tile.js';
import VectorSource from 'ol/source/Vector.js';
import XYZ from 'ol/source/XYZ.js';
import { defaults as defaultControls } from 'ol/control/defaults.js';
import { containsCoordinate } from 'ol/extent.js';
import { fromLonLat, toLonLat } from 'ol/proj.js';
import type { Coordinate } from 'ol/coordinate.js';
import type { MapData } from '../../domain/preferences.ts';
import { USER_FACING_STATUSES, type UserFacingStatus } from '../../domain/units/status.ts';
import type { FleetStore } from '../../fleet/index.ts';
import { iconStatusOf } from '../fleet/statusColours.ts';
import { basemapStyle, clusterStyle, selectedStyle, unitPointStyle, type MapPalette } from './mapStyles.ts';
import { worldFeatures } from './basemap.ts';
import { CLUSTER_CELL_PX, CLUSTER_MAX_ZOOM, clusterPoints, dominantStatus, NO_CLUSTERS, type Clustering } from './clusters.ts';
import { mapDataOf } from './mapState.ts';
import { UnitSource } from './unitSource.ts';

/** While units change live, clusters are recomputed at most this often (ms); a pan or zoom recomputes at once. */
export const RECLUSTER_MIN_INTERVAL_MS = 500;
/** The reported largest cluster is at least this far inside the map (px). */
const PROBE_MARGIN_PX = 60;
/** Click tolerance around points and clusters (px). */
const HIT_TOLERANCE_PX = 4;

export type MapClick = { kind: 'cluster'; members: readonly string[]; at: Coordinate } | { kind: 'unit'; unitId: string; at: Coordinate } | { kind: 'none' };

export interface UnitMapOptions {
  target: HTMLElement;
  popup: HTMLElement;
  store: FleetStore;
  initial: MapData;
  palette: MapPalette;
  selected: string | null;
  onMoveEnd(data: MapData): void;
  onClick(click: MapClick): void;
  /** The biggest cluster well inside the screen (its pixel and size), after every clustering; for the page's data attributes. */
  onClusters(summary: { count: number; largest: { x: number; y: number; size: number } | null; zoom: number }): void;
}

export interface UnitMap {
  setPalette(palette: MapPalette): void;
  setTileUrl(url: string | null): void;
  setSelected(unitId: string | null): void;
  showPopup(at: Coordinate | null): void;
  /** Pans so the whole pop-up shows (called once its content is drawn: its size is known only then). */
  panPopupIntoView(): void;
  destroy(): void;
}

export function createUnitMap(options: UnitMapOptions): UnitMap {
  let palette = options.palette;
  let selected = options.selected;
  let clustering: Clustering = NO_CLUSTERS;
  let lastClusterAt = 0;
  let reclusterTimer: number | null = null;

  const basemap = new VectorLayer({ source: new VectorSource({ features: worldFeatures() }), style: basemapStyle(palette), updateWhileInteracting: false });
  const units = new UnitSource(options.store, () => {
    refreshSelected();
    scheduleRecluster();
  });
  const unitLayer = new WebGLVectorLayer({ source: units.source, style: unitPointStyle(), variables: { halo: palette.halo } });
  const clusterSource = new VectorSource<Feature<Point>>();
  const clusterLayer = new VectorLayer({
    source: clusterSource,
    style: (feature) => clusterStyle(feature.get('count') as number, feature.get('status') as UserFacingStatus, palette),
  });
  const selectedSource = new VectorSource<Feature<Point>>();
  const selectedLayer = new VectorLayer({
    source: selectedSource,
    style: (feature) => selectedStyle(feature.get('status') as UserFacingStatus, feature.get('name') as string, palette),
    zIndex: 10,
  });
  let tileLayer: TileLayer<XYZ> | null = null;

  const overlay = new Overlay({ element: options.popup, positioning: 'bottom-center', offset: [0, -16], autoPan: { animation: { duration: 200 } }, stopEvent: true });
  const view = new View({ center: fromLonLat([options.initial.latLng.lng, options.initial.latLng.lat]), zoom: options.initial.zoom });
  const map = new OlMap({
    target: options.target,
    layers: [basemap, unitLayer, clusterLayer, selectedLayer],
    overlays: [overlay],
    view,
    controls: defaultControls({ rotate: false, attribution: false }),
  });
  options.target.style.background = palette.sea;

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
  }

  function recluster(): void {
    lastClusterAt = Date.now();
    const zoom = view.getZoom() ?? 0;
    const resolution = view.getResolution() ?? 0;
    clustering = zoom > CLUSTER_MAX_ZOOM ? NO_CLUSTERS : clusterPoints(units.points(), CLUSTER_CELL_PX * resolution, selected);
    const features = clustering.clusters.map((cluster) => {
      const statuses = cluster.members.map((id) => {
        const unit = options.store.unit(id);
        return unit === undefined ? 'offline' : iconStatusOf(unit);
      });
      const feature = new Feature({
        geometry: new Point([cluster.x, cluster.y]),
        count: cluster.members.length,
        status: dominantStatus(statuses, USER_FACING_STATUSES) ?? 'offline',
        members: cluster.members,
      });
      return feature;
    });
    clusterSource.clear(true);
    clusterSource.addFeatures(features);
    const clustered = clustering.clustered;
    units.setHidden((id) => id === selected || clustered.has(id));
    reportClusters();
  }

  function scheduleRecluster(): void {
    if (reclusterTimer !== null) return;
    const wait = Math.max(0, lastClusterAt + RECLUSTER_MIN_INTERVAL_MS - Date.now());
    reclusterTimer = window.setTimeout(() => {
      reclusterTimer = null;
      recluster();
    }, wait);
  }

  function reportClusters(): void {
    const size = map.getSize() ?? [0, 0];
    const extent = view.calculateExtent(size);
    let largest: { x: number; y: number; size: number } | null = null;
    for (const cluster of clustering.clusters) {
      if (!containsCoordinate(extent, [cluster.x, cluster.y])) continue;
      if (largest !== null && cluster.members.length <= largest.size) continue;
      const pixel = map.getPixelFromCoordinate([cluster.x, cluster.y]);
      if (pixel === null || pixel === undefined) continue;
      const [px = -1, py = -1] = pixel;
      // well inside the map, so a click there is not under a control or the edge
      if (px < PROBE_MARGIN_PX || py < PROBE_MARGIN_PX || px > (size[0] ?? 0) - PROBE_MARGIN_PX || py > (size[1] ?? 0) - PROBE_MARGIN_PX) continue;
      largest = { x: Math.round(pixel[0] ?? 0), y: Math.round(pixel[1] ?? 0), size: cluster.members.length };
    }
    options.onClusters({ count: clustering.clusters.length, largest, zoom: view.getZoom() ?? 0 });
  }

  map.on('moveend', () => {
    recluster();
    const center = view.getCenter() ?? [0, 0];
    const [lng = 0, lat = 0] = toLonLat(center);
    options.onMoveEnd(mapDataOf([lng, lat], view.getZoom() ?? options.initial.zoom));
  });

  map.on('singleclick', (event) => {
    const hit = <T>(layer: unknown, read: (feature: Feature) => T): T | undefined =>
      map.forEachFeatureAtPixel(event.pixel, (feature) => read(feature as Feature), { layerFilter: (l) => l === layer, hitTolerance: HIT_TOLERANCE_PX }) ?? undefined;
    const members = hit(clusterLayer, (f) => f.get('members') as readonly string[]);
    if (members !== undefined) return options.onClick({ kind: 'cluster', members, at: event.coordinate });
    const unitId = hit(selectedLayer, (f) => String(f.getId())) ?? hit(unitLayer, (f) => String(f.getId()));
    if (unitId !== undefined) return options.onClick({ kind: 'unit', unitId, at: event.coordinate });
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
      unitLayer.updateStyleVariables({ halo: next.halo });
      clusterLayer.changed();
      selectedLayer.changed();
      options.target.style.background = next.sea;
    },
    setTileUrl(url) {
      if (tileLayer !== null) map.removeLayer(tileLayer);
      tileLayer = null;
      if (url === null) return;
      tileLayer = new TileLayer({ source: new XYZ({ url, crossOrigin: 'anonymous' }) });
      map.getLayers().insertAt(1, tileLayer); // above the offline basemap, below the units
    },
    setSelected(unitId) {
      selected = unitId;
      refreshSelected();
      recluster();
    },
    showPopup(at) {
      overlay.setPosition(at ?? undefined);
    },
    panPopupIntoView() {
      overlay.panIntoView({ animation: { duration: 200 }, margin: 16 });
    },
    destroy() {
      if (reclusterTimer !== null) window.clearTimeout(reclusterTimer);
      units.stop();
      map.setTarget(undefined);
      unitLayer.dispose();
      map.dispose();
    },
  };
}
