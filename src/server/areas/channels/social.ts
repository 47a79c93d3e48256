/**
 * A unit's social media details (spec 001 §7 socialmediadetails): the Facebook page its preview
 * stream is created on, the title, description, privacy and video profile of the Facebook go-live
 * dialogs. Kept in the unit's stored settings (key `socialMediaDetails`), like its other settings.
 */
import type { SocialMediaDetails } from '../../../protocol/rest/channels.ts';
import type { RouteDeps } from '../deps.ts';
import { notFound } from '../../http/errors.ts';
import { saveSetting, settingObject } from '../units/storedSettings.ts';

/** What a unit has before anyone saved its details (ours). */
export const DEFAULT_SOCIAL_DETAILS: Omit<SocialMediaDetails, 'uid'> = { facebookPage: null, title: '', description: '', privacy: 'public', videoProfile: '720p30' };

export class SocialDetailsService {
  constructor(private readonly deps: RouteDeps) {}

  async get(uid: string): Promise<SocialMediaDetails> {
    const unit = await this.deps.store.units.get(uid);
    if (unit === undefined) throw notFound(`Unit '${uid.slice(0, 64)}' not found`);
    const stored = settingObject<SocialMediaDetails>(unit, 'socialMediaDetails') ?? {};
    return {
      uid,
      facebookPage: typeof stored.facebookPage === 'string' && stored.facebookPage !== '' ? stored.facebookPage : null,
      title: typeof stored.title === 'string' ? stored.title : DEFAULT_SOCIAL_DETAILS.title,
      description: typeof stored.description === 'string' ? stored.description : DEFAULT_SOCIAL_DETAILS.description,
      privacy: stored.privacy === 'friends' || stored.privacy === 'private' ? stored.privacy : 'public',
      videoProfile: stored.videoProfile ?? DEFAULT_SOCIAL_DETAILS.videoProfile,
    };
  }

  async set(uid: string, details: Omit<SocialMediaDetails, 'uid'>): Promise<SocialMediaDetails> {
    const facebookPage = details.facebookPage === null || details.facebookPage.trim() === '' ? null : details.facebookPage.trim();
    await saveSetting(this.deps, uid, 'socialMediaDetails', { facebookPage, title: details.title.trim(), description: details.description, privacy: details.privacy, videoProfile: details.videoProfile });
    return this.get(uid);
  }
}
