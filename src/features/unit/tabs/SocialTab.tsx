/**
 * The unit's social area (spec 000 §7 "Social media and content delivery", 001 §2 Facebook go-live
 * dialogs): stream the unit to a social provider or a CDN, and send it to the AI service, with the
 * stream's state live from `social.status` (UNPUBLISHED shown as PREVIEW, then LIVE). Facebook goes
 * through its dialog: the video profile and page (socialmediadetails) first, then the preview
 * stream is created (gate 6.2.1; "The Facebook preview stream could not be created." without a
 * page), then it goes live. A second stream to the same provider is refused by the server ("The
 * unit is already streaming to this provider."). Read-only users see the states and change nothing
 * (the AI button is not offered to them).
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Select, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, messageOf } from '../../../api/call.ts';
import { useMay } from '../../../app/useMay.ts';
import { useUnit } from '../../../fleet/hooks.ts';
import { hasFeature } from '../../../domain/versions.ts';
import { goLiveStep } from '../../../domain/streamingProfiles.ts';
import { VIDEO_PROFILES } from '../../../domain/streamingProfiles.ts';
import { getSocialMediaDetails, setSocialMediaDetails, type SocialMediaDetails } from '../../../protocol/rest/channels.ts';
import { SOCIAL_PROVIDERS, startCdnStream, startSocialStream, stopCdnStream, stopSocialStream, type SocialProvider } from '../../../protocol/rest/unitApplications.ts';
import { showError, showSuccess } from '../../../components/toasts.ts';

/** The CDN stream name the AI service reads (ours: the spec names "AI" as a destination, not its address). */
export const AI_STREAM_NAME = 'ai';
const AI_STREAM_URL = 'srt://ai.media.example.net:9000';

const socialKey = (unitId: string) => ['session', 'unit', unitId, 'social'] as const;

export function SocialTab({ unitId, swVersion, enabled }: { unitId: string; swVersion: string | undefined; enabled: boolean }) {
  const { t } = useTranslation();
  const canOperate = useMay('units.operate');
  const social = useUnit(unitId)?.social;
  const [provider, setProvider] = useState<SocialProvider>('youtube');
  const [streamUrl, setStreamUrl] = useState('');
  const [cdnName, setCdnName] = useState('default');
  const [cdnUrl, setCdnUrl] = useState('');
  const [facebookOpen, setFacebookOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      showSuccess(t(done));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  const state = social === undefined ? null : social.status === 'LIVE' ? 'live' : 'preview';
  const fbAllowed = hasFeature(swVersion, 'facebook');

  return (
    <Stack gap="md">
      <Group gap="xs" data-testid="social-status">
        <Text fz="sm" fw={500}>
          {t('unitSocial.lastStatus')}
        </Text>
        {social === undefined ? (
          <Text fz="sm" c="dimmed">
            {t('unitSocial.noStream')}
          </Text>
        ) : (
          <>
            <Badge color={state === 'live' ? 'red' : 'yellow'}>{t(`unitSocial.state.${state}`)}</Badge>
            <Text fz="sm">{social.provider ?? ''}</Text>
          </>
        )}
      </Group>

      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <Text fw={600}>{t('unitSocial.social.title')}</Text>
          <Group grow align="flex-end">
            <Select label={t('unitSocial.social.provider')} data={SOCIAL_PROVIDERS.map((p) => ({ value: p, label: t(`unitSocial.providers.${p}`) }))} value={provider} onChange={(v) => v !== null && setProvider(v as SocialProvider)} />
            {provider !== 'facebook' && <TextInput label={t('unitSocial.social.streamUrl')} value={streamUrl} onChange={(e) => setStreamUrl(e.currentTarget.value)} />}
          </Group>
          {provider === 'facebook' && !fbAllowed && (
            <Alert color="yellow" variant="light">
              {t('unitSocial.facebook.gate')}
            </Alert>
          )}
          {canOperate && (
            <Group gap="xs">
              {provider === 'facebook' ? (
                <Button onClick={() => setFacebookOpen(true)} disabled={!enabled || !fbAllowed}>
                  {t('unitSocial.facebook.open')}
                </Button>
              ) : (
                <Button
                  loading={busy}
                  disabled={!enabled}
                  onClick={() => void run(() => call(startSocialStream, { params: { id: unitId }, body: { provider, ...(streamUrl !== '' ? { streamUrl } : {}) } }), 'unitSocial.started')}
                >
                  {t('unitSocial.social.start')}
                </Button>
              )}
              <Button variant="default" loading={busy} disabled={!enabled} onClick={() => void run(() => call(stopSocialStream, { params: { id: unitId }, query: { provider } }), 'unitSocial.stopped')}>
                {t('unitSocial.social.stop')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <Text fw={600}>{t('unitSocial.cdn.title')}</Text>
          <Group grow>
            <TextInput label={t('unitSocial.cdn.name')} value={cdnName} onChange={(e) => setCdnName(e.currentTarget.value)} />
            <TextInput label={t('unitSocial.cdn.url')} value={cdnUrl} onChange={(e) => setCdnUrl(e.currentTarget.value)} />
          </Group>
          {canOperate && (
            <Group gap="xs">
              <Button loading={busy} disabled={!enabled || cdnUrl.trim() === ''} onClick={() => void run(() => call(startCdnStream, { params: { id: unitId }, body: { name: cdnName.trim() || 'default', streamUrl: cdnUrl.trim() } }), 'unitSocial.started')}>
                {t('unitSocial.cdn.start')}
              </Button>
              <Button variant="default" loading={busy} disabled={!enabled} onClick={() => void run(() => call(stopCdnStream, { params: { id: unitId }, query: { name: cdnName.trim() || 'default' } }), 'unitSocial.stopped')}>
                {t('unitSocial.cdn.stop')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>

      {canOperate && (
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between">
            <Stack gap={2}>
              <Text fw={600}>{t('unitSocial.ai.title')}</Text>
              <Text fz="sm" c="dimmed">
                {t('unitSocial.ai.hint')}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button loading={busy} disabled={!enabled} onClick={() => void run(() => call(startCdnStream, { params: { id: unitId }, body: { name: AI_STREAM_NAME, streamUrl: AI_STREAM_URL } }), 'unitSocial.started')}>
                {t('unitSocial.ai.start')}
              </Button>
              <Button variant="default" loading={busy} disabled={!enabled} onClick={() => void run(() => call(stopCdnStream, { params: { id: unitId }, query: { name: AI_STREAM_NAME } }), 'unitSocial.stopped')}>
                {t('unitSocial.ai.stop')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      {facebookOpen && <FacebookDialog unitId={unitId} status={social?.provider === 'facebook' ? social.status : undefined} onClose={() => setFacebookOpen(false)} />}
    </Stack>
  );
}

/** The Facebook go-live dialogs: the video profile and page, then the preview, then live. */
function FacebookDialog({ unitId, status, onClose }: { unitId: string; status: 'UNPUBLISHED' | 'LIVE' | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const details = useQuery({ queryKey: socialKey(unitId), queryFn: ({ signal }) => call(getSocialMediaDetails, { query: { uid: unitId } }, { signal }) });
  const [draft, setDraft] = useState<Partial<SocialMediaDetails>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = { ...(details.data ?? { uid: unitId, facebookPage: null, title: '', description: '', privacy: 'public' as const, videoProfile: '720p30' as const }), ...draft };
  const step = goLiveStep(status);

  const createPreview = async () => {
    setBusy(true);
    setError(null);
    try {
      await call(setSocialMediaDetails, { body: { uid: unitId, facebookPage: current.facebookPage, title: current.title, description: current.description, privacy: current.privacy, videoProfile: current.videoProfile } });
      await queryClient.invalidateQueries({ queryKey: socialKey(unitId) });
      await call(startSocialStream, { params: { id: unitId }, body: { provider: 'facebook', title: current.title } });
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('unitSocial.facebook.title')} size="lg">
      <Stack gap="md">
        <Stepper active={step === 'profile' ? 0 : step === 'preview' ? 1 : 2} size="sm">
          <Stepper.Step label={t('unitSocial.facebook.stepProfile')} />
          <Stepper.Step label={t('unitSocial.facebook.stepPreview')} />
          <Stepper.Step label={t('unitSocial.facebook.stepLive')} />
        </Stepper>
        {error !== null && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {step === 'profile' ? (
          <Stack gap="sm">
            <Select
              label={t('unitSocial.facebook.videoProfile')}
              data={VIDEO_PROFILES.map((p) => ({ value: p.id, label: p.label }))}
              value={current.videoProfile}
              onChange={(v) => v !== null && setDraft({ ...draft, videoProfile: v as SocialMediaDetails['videoProfile'] })}
            />
            <TextInput label={t('unitSocial.facebook.page')} value={current.facebookPage ?? ''} onChange={(e) => setDraft({ ...draft, facebookPage: e.currentTarget.value === '' ? null : e.currentTarget.value })} />
            <TextInput label={t('unitSocial.facebook.streamTitle')} value={current.title} onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })} />
            <Group justify="flex-end">
              <Button loading={busy} onClick={() => void createPreview()}>
                {t('unitSocial.facebook.createPreview')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Badge size="lg" color={step === 'live' ? 'red' : 'yellow'} data-testid="facebook-state">
              {t(`unitSocial.state.${step}`)}
            </Badge>
            <Text fz="sm" c="dimmed">
              {t(step === 'live' ? 'unitSocial.facebook.isLive' : 'unitSocial.facebook.goingLive')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('kit.form.close')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
