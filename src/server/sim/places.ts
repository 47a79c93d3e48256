/**
 * Where simulated units stand: boxes drawn inside metropolitan areas, away from coasts, lakes and
 * bays, so a point drawn anywhere inside a box is on land (issue 3 item 5: "placed on land around
 * the world"). Coordinates in degrees (WGS 84), south and west negative.
 */
export interface LandArea {
  /** Name used in unit names: letters only. */
  readonly city: string;
  readonly latMin: number;
  readonly latMax: number;
  readonly lngMin: number;
  readonly lngMax: number;
  /** Relative share of units placed here. */
  readonly weight: number;
}

export const LAND_AREAS: readonly LandArea[] = [
  // Europe
  { city: 'London', latMin: 51.45, latMax: 51.6, lngMin: -0.3, lngMax: 0.05, weight: 6 },
  { city: 'Paris', latMin: 48.75, latMax: 48.95, lngMin: 2.15, lngMax: 2.55, weight: 5 },
  { city: 'Madrid', latMin: 40.3, latMax: 40.55, lngMin: -3.85, lngMax: -3.55, weight: 4 },
  { city: 'Berlin', latMin: 52.4, latMax: 52.6, lngMin: 13.2, lngMax: 13.6, weight: 4 },
  { city: 'Munich', latMin: 48.08, latMax: 48.22, lngMin: 11.45, lngMax: 11.7, weight: 2 },
  { city: 'Milan', latMin: 45.42, latMax: 45.52, lngMin: 9.1, lngMax: 9.27, weight: 3 },
  { city: 'Vienna', latMin: 48.15, latMax: 48.27, lngMin: 16.28, lngMax: 16.45, weight: 2 },
  { city: 'Warsaw', latMin: 52.15, latMax: 52.3, lngMin: 20.9, lngMax: 21.15, weight: 2 },
  { city: 'Kyiv', latMin: 50.38, latMax: 50.52, lngMin: 30.35, lngMax: 30.45, weight: 2 },
  { city: 'Moscow', latMin: 55.65, latMax: 55.85, lngMin: 37.45, lngMax: 37.75, weight: 3 },
  // Middle East, Africa
  { city: 'Ankara', latMin: 39.87, latMax: 39.98, lngMin: 32.75, lngMax: 32.9, weight: 1 },
  { city: 'Riyadh', latMin: 24.6, latMax: 24.8, lngMin: 46.6, lngMax: 46.8, weight: 2 },
  { city: 'Tehran', latMin: 35.65, latMax: 35.77, lngMin: 51.25, lngMax: 51.5, weight: 1 },
  { city: 'Cairo', latMin: 29.98, latMax: 30.12, lngMin: 31.25, lngMax: 31.35, weight: 2 },
  { city: 'Nairobi', latMin: -1.33, latMax: -1.22, lngMin: 36.72, lngMax: 36.9, weight: 1 },
  { city: 'Johannesburg', latMin: -26.22, latMax: -26.08, lngMin: 27.95, lngMax: 28.12, weight: 2 },
  { city: 'AddisAbaba', latMin: 8.96, latMax: 9.05, lngMin: 38.72, lngMax: 38.82, weight: 1 },
  // Asia, Oceania
  { city: 'Delhi', latMin: 28.52, latMax: 28.72, lngMin: 77.08, lngMax: 77.28, weight: 3 },
  { city: 'Bangalore', latMin: 12.88, latMax: 13.03, lngMin: 77.52, lngMax: 77.68, weight: 2 },
  { city: 'Beijing', latMin: 39.82, latMax: 40.02, lngMin: 116.28, lngMax: 116.52, weight: 3 },
  { city: 'Chengdu', latMin: 30.58, latMax: 30.72, lngMin: 103.98, lngMax: 104.12, weight: 2 },
  { city: 'Seoul', latMin: 37.48, latMax: 37.62, lngMin: 126.92, lngMax: 127.08, weight: 2 },
  { city: 'Tokyo', latMin: 35.66, latMax: 35.74, lngMin: 139.52, lngMax: 139.68, weight: 3 },
  { city: 'Almaty', latMin: 43.2, latMax: 43.28, lngMin: 76.86, lngMax: 76.98, weight: 1 },
  { city: 'Sydney', latMin: -33.92, latMax: -33.76, lngMin: 150.85, lngMax: 151.02, weight: 2 },
  { city: 'Melbourne', latMin: -37.76, latMax: -37.66, lngMin: 144.82, lngMax: 145.08, weight: 2 },
  // Americas
  { city: 'Toronto', latMin: 43.7, latMax: 43.78, lngMin: -79.55, lngMax: -79.3, weight: 2 },
  { city: 'Chicago', latMin: 41.76, latMax: 41.94, lngMin: -87.85, lngMax: -87.7, weight: 3 },
  { city: 'Denver', latMin: 39.65, latMax: 39.82, lngMin: -105.05, lngMax: -104.85, weight: 2 },
  { city: 'Dallas', latMin: 32.72, latMax: 32.92, lngMin: -96.9, lngMax: -96.7, weight: 2 },
  { city: 'Atlanta', latMin: 33.68, latMax: 33.86, lngMin: -84.48, lngMax: -84.3, weight: 2 },
  { city: 'LosAngeles', latMin: 34.02, latMax: 34.15, lngMin: -118.35, lngMax: -118.15, weight: 4 },
  { city: 'Calgary', latMin: 50.98, latMax: 51.12, lngMin: -114.18, lngMax: -113.98, weight: 1 },
  { city: 'MexicoCity', latMin: 19.32, latMax: 19.48, lngMin: -99.2, lngMax: -99.08, weight: 2 },
  { city: 'Bogota', latMin: 4.58, latMax: 4.72, lngMin: -74.14, lngMax: -74.06, weight: 1 },
  { city: 'SaoPaulo', latMin: -23.65, latMax: -23.48, lngMin: -46.75, lngMax: -46.55, weight: 3 },
  { city: 'BuenosAires', latMin: -34.7, latMax: -34.6, lngMin: -58.55, lngMax: -58.45, weight: 2 },
];
