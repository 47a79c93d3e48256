/** Canvas colours of the wall per colour scheme (a canvas cannot read Mantine's CSS variables). */
export const WALL_PALETTES = {
  dark: {
    wall: '#0b0e13',
    tile: '#161b23',
    band: '#11151b',
    text: '#e9edf2',
    dimText: '#9aa5b4',
    barTrack: '#2a313d',
    preview: '#0b0e13',
    hover: '#22b8cf',
  },
  light: {
    wall: '#e9ecef',
    tile: '#ffffff',
    band: '#f1f3f5',
    text: '#1a1f26',
    dimText: '#5c6675',
    barTrack: '#dee2e6',
    preview: '#212529',
    hover: '#0c8599',
  },
} as const;

export type WallScheme = keyof typeof WALL_PALETTES;
export type WallPalette = (typeof WALL_PALETTES)[WallScheme];

/** Link bar colours by link type (spec 000 §3 link types wifi, lan, cell). */
export const LINK_COLOURS: Readonly<Record<string, string>> = { lan: '#4dabf7', wifi: '#b197fc', cell: '#69db7c' };
export const ON_AIR_COLOUR = '#e03131';
export const ALERT_COLOUR = '#fd7e14';
export const LOW_BATTERY_COLOUR = '#fa5252';
export const WALL_FONT = 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
