import { Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AUDIO_BITRATES_KBPS, AUDIO_CODEC, COLOUR_DEPTHS, RESOLUTIONS, VIDEO_COMPLEXITY_LEVELS } from '../../../domain/constants.ts';
import { MESSAGES } from '../../../domain/validation/messages.ts';
import { listedValue, setAudioBitrate, setShootingMode, setVideoComplexity } from '../api/unitCalls.ts';
import { commandParameters, type UnitDetails } from '../model/unitDetails.ts';
import { FormFooter } from './FormFooter.tsx';
import { useFormSave } from './useFormSave.ts';

interface VideoAudioValues {
  resolution: string;
  colourDepth: string;
  audioBitrate: string;
  complexity: string;
}

const oneOf = (values: readonly (string | number)[]) => (value: string) => (values.map(String).includes(value) ? null : MESSAGES.invalidField);
const textOr = (value: unknown, fallback: string) => (typeof value === 'string' || typeof value === 'number' ? String(value) : fallback);

/**
 * Video and audio (spec 000 §9): resolution, colour depth 8-bit or 10-bit/HDR, audio 96/128/192 kbps
 * AAC-LC with 2 channels, video complexity Standard/Medium/Complex. Only changed values are sent.
 */
export function VideoAudioTab({ unitId, details, enabled }: { unitId: string; details: UnitDetails; enabled: boolean }) {
  const { t } = useTranslation();
  const shooting = commandParameters(details, 'LuSetShootingMode');
  const initial: VideoAudioValues = {
    resolution: textOr(shooting['resolution'], RESOLUTIONS[0]),
    colourDepth: textOr(shooting['colourDepth'], COLOUR_DEPTHS[0]),
    audioBitrate: textOr(commandParameters(details, 'LuSetAudioBitrate')['bitrateKbps'], String(AUDIO_BITRATES_KBPS[1])),
    complexity: textOr(commandParameters(details, 'LuSetVideoComplexity')['level'], VIDEO_COMPLEXITY_LEVELS[0]),
  };
  const form = useForm<VideoAudioValues>({
    initialValues: initial,
    validate: { resolution: oneOf(RESOLUTIONS), colourDepth: oneOf(COLOUR_DEPTHS), audioBitrate: oneOf(AUDIO_BITRATES_KBPS), complexity: oneOf(VIDEO_COMPLEXITY_LEVELS) },
  });
  const { save, formError } = useFormSave(
    unitId,
    form,
    async (values: VideoAudioValues) => {
      const before = form.getInitialValues();
      if (values.resolution !== before.resolution || values.colourDepth !== before.colourDepth) await setShootingMode(unitId, listedValue(RESOLUTIONS, values.resolution), listedValue(COLOUR_DEPTHS, values.colourDepth));
      if (values.audioBitrate !== before.audioBitrate) await setAudioBitrate(unitId, listedValue(AUDIO_BITRATES_KBPS, values.audioBitrate));
      if (values.complexity !== before.complexity) await setVideoComplexity(unitId, listedValue(VIDEO_COMPLEXITY_LEVELS, values.complexity));
      form.setInitialValues(values);
    },
    { resolution: 'resolution', colourDepth: 'colourDepth', bitrateKbps: 'audioBitrate', level: 'complexity' },
  );
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        <SimpleGrid cols={2}>
          <Select label={t('unitConfig.video.resolution')} data={[...RESOLUTIONS]} disabled={!enabled} {...form.getInputProps('resolution')} />
          <Select label={t('unitConfig.video.colourDepth')} data={[...COLOUR_DEPTHS]} disabled={!enabled} {...form.getInputProps('colourDepth')} />
          <Select
            label={t('unitConfig.video.audioBitrate')}
            description={t('unitConfig.video.audioHint', { codec: AUDIO_CODEC })}
            data={AUDIO_BITRATES_KBPS.map((kbps) => ({ value: String(kbps), label: `${kbps} kbps ${AUDIO_CODEC}` }))}
            disabled={!enabled}
            {...form.getInputProps('audioBitrate')}
          />
          <Select label={t('unitConfig.video.complexity')} data={[...VIDEO_COMPLEXITY_LEVELS]} disabled={!enabled} {...form.getInputProps('complexity')} />
        </SimpleGrid>
        <Text c="dimmed" fz="xs">
          {t('unitConfig.video.sdiHint')}
        </Text>
        <FormFooter error={formError} saving={save.isPending} disabled={!enabled} />
      </Stack>
    </form>
  );
}
