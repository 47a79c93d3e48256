/**
 * Social media and content delivery (spec 000 §7): start and stop a unit's stream to a social
 * provider or a CDN (social.status events: UNPUBLISHED = preview, then LIVE), and the streams of a
 * group's units. The simulator refuses a second stream to the same provider (spec 000 §8 "Unit
 * already streaming to the provider").
 */
import { hasFeature } from '../../../domain/versions.ts';
import type { SocialProvider } from '../../../protocol/rest/unitApplications.ts';
import type { UnitAccepted } from '../../../protocol/rest/units.ts';
import { conflict } from '../../http/errors.ts';
import { ERRORS } from '../../../domain/errors.ts';
import type { StoredUnit } from '../units/repo.ts';
import { liveUnit, runCommand, type UnitDeps } from '../units/live.ts';
import { saveSetting, settingObject } from '../units/storedSettings.ts';
import { accepted } from './streaming.ts';

/** Ours: spec 000 §9 gates Facebook at 6.2.1 but gives no words. */
export const FACEBOOK_VERSION_MESSAGE = 'Streaming to Facebook needs unit version 6.2.1 or higher';
/** A CDN stream's name when none is given. */
export const DEFAULT_CDN_NAME = 'default';

/** The provider key of a CDN stream (one namespace with the social providers). */
export const cdnKey = (name: string | undefined): string => `cdn:${name ?? DEFAULT_CDN_NAME}`;

type Streams = Record<string, unknown>;

/** Starts a stream to `provider` (a social provider or a CDN key) and keeps what was asked. */
export async function startStream(deps: UnitDeps, unit: StoredUnit, provider: SocialProvider | string, request: object): Promise<UnitAccepted> {
  const live = liveUnit(deps, unit.uid);
  if (provider === 'facebook' && !hasFeature(live.swVersion, 'facebook')) throw conflict(FACEBOOK_VERSION_MESSAGE);
  // The preview stream is created on the unit's Facebook page (socialmediadetails): none set, none created.
  if (provider === 'facebook' && typeof settingObject<{ facebookPage: string | null }>(unit, 'socialMediaDetails')?.facebookPage !== 'string') throw conflict(ERRORS.social.facebookPreviewFailed);
  await runCommand(deps, unit.uid, { type: 'startSocial', provider });
  const streams = { ...(settingObject<Streams>(unit, 'socialStreams') ?? {}), [provider]: { ...request, startedAt: deps.now() } };
  await saveSetting(deps, unit.uid, 'socialStreams', streams);
  return accepted(unit.uid, `start:${provider}`);
}

export async function stopStream(deps: UnitDeps, unit: StoredUnit, provider: string): Promise<UnitAccepted> {
  await runCommand(deps, unit.uid, { type: 'stopSocial', provider });
  const { [provider]: _gone, ...streams } = settingObject<Streams>(unit, 'socialStreams') ?? {};
  await saveSetting(deps, unit.uid, 'socialStreams', streams);
  return accepted(unit.uid, `stop:${provider}`);
}

/** The group's units that stream to a provider or a CDN, with those providers. */
export async function groupStreams(deps: UnitDeps, groupId: string) {
  const fleet = deps.fleet.require().fleet;
  const units = (await deps.store.units.listByGroup(groupId, Number.MAX_SAFE_INTEGER, 0)).units;
  return (await Promise.all(units.map(async (u) => ({ uid: u.uid, providers: await fleet.socialProviders(u.uid) })))).filter((entry) => entry.providers.length > 0);
}
