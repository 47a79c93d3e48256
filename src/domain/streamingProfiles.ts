/**
 * Streaming media profiles (spec 001 §7 "GET streamingmediaprofiles (provider name and domain)")
 * and the video profiles of a social stream (spec 001 §2 "Facebook go-live dialogs (video profile,
 * then go live)"). The lists are ours: the spec names the fields, not the values.
 */

/** Providers a streaming destination may name, with the domain their ingest URLs live under. */
export const STREAMING_MEDIA_PROFILES = [
  { provider: 'YouTube', domain: 'youtube.com' },
  { provider: 'Facebook', domain: 'facebook.com' },
  { provider: 'Twitch', domain: 'twitch.tv' },
  { provider: 'LinkedIn', domain: 'linkedin.com' },
  { provider: 'Vimeo', domain: 'vimeo.com' },
  { provider: 'Akamai', domain: 'akamaientrypoint.net' },
  { provider: 'Custom', domain: '' },
] as const;
export type StreamingProvider = (typeof STREAMING_MEDIA_PROFILES)[number]['provider'];
export const STREAMING_PROVIDERS = STREAMING_MEDIA_PROFILES.map((p) => p.provider) as readonly StreamingProvider[];

/** Video profiles of a destination or a social stream: resolution, frame rate and bitrate (kbps). */
export const VIDEO_PROFILES = [
  { id: '720p30', label: '720p 30 fps, 3 Mbps', resolution: '720p', frameRate: 30, bitrateKbps: 3_000 },
  { id: '1080p30', label: '1080p 30 fps, 6 Mbps', resolution: '1080p', frameRate: 30, bitrateKbps: 6_000 },
  { id: '1080p25', label: '1080p 25 fps, 6 Mbps', resolution: '1080p', frameRate: 25, bitrateKbps: 6_000 },
  { id: '720p25', label: '720p 25 fps, 3 Mbps', resolution: '720p', frameRate: 25, bitrateKbps: 3_000 },
] as const;
export type VideoProfileId = (typeof VIDEO_PROFILES)[number]['id'];
export const VIDEO_PROFILE_IDS = VIDEO_PROFILES.map((p) => p.id) as readonly VideoProfileId[];

/** Resolutions a destination may ask for (spec 001 §3 "resolution"; values ours). */
export const DESTINATION_RESOLUTIONS = ['480p', '576p', '720p', '1080p', '2160p'] as const;

/**
 * The steps of the Facebook go-live dialogs: choose the video profile (a preview stream is created,
 * social status UNPUBLISHED shown as PREVIEW), then go live (LIVE).
 */
export type GoLiveStep = 'profile' | 'preview' | 'live';

/** Where the dialogs stand given the unit's social status for Facebook (undefined: not streaming to it). */
export function goLiveStep(status: 'UNPUBLISHED' | 'LIVE' | undefined): GoLiveStep {
  if (status === 'LIVE') return 'live';
  if (status === 'UNPUBLISHED') return 'preview';
  return 'profile';
}
