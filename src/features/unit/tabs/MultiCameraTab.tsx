import { useEffect, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../components/toasts.ts';
import { MAX_MULTI_HQ_CAMERAS, MULTI_CAMERA_MODES, multiCameraErrors, usesSwitcherChannels, type MultiCameraMode } from '../../../domain/validation/multiCamera.ts';
import { saveMultiCamera, startMultiCamera, stopMultiCamera } from '../api/unitCalls.ts';
import { channelOptions } from '../model/channelOptions.ts';
import { saveFailure } from '../model/serverErrors.ts';
import { settingOf, type UnitDetails } from '../model/unitDetails.ts';
import { useKnownChannels } from '../header/ChannelSelect.tsx';
import { useUnitAction } from '../useUnitPage.ts';
import { ActionRefusal } from '../ActionRefusal.tsx';
import { SwitcherModal } from '../switcher/SwitcherModal.tsx';

interface MultiCameraValues {
  mode: MultiCameraMode;
  cameras: { channelId: string | null; priority: number | string }[];
  highQualityChannelId: string | null;
  proxyChannelId: string | null;
}

/** The domain's keys → the form's paths. */
const formPath = (key: string): string =>
  key.replace(/\.channel$/, '.channelId').replace(/^highQualityChannel$/, 'highQualityChannelId').replace(/^proxyChannel$/, 'proxyChannelId');

function initialValues(details: UnitDetails | undefined): MultiCameraValues {
  const saved = settingOf(details, 'multiCamera');
  const mode = (MULTI_CAMERA_MODES as readonly unknown[]).includes(saved['mode']) ? (saved['mode'] as MultiCameraMode) : 'highQuality';
  const cameras = Array.isArray(saved['cameras'])
    ? (saved['cameras'] as { channelId?: unknown; priority?: unknown }[]).map((c) => ({
        channelId: typeof c.channelId === 'string' ? c.channelId : null,
        priority: typeof c.priority === 'number' ? c.priority : 1,
      }))
    : [{ channelId: null, priority: 1 }];
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return { mode, cameras, highQualityChannelId: text(saved['highQualityChannelId']), proxyChannelId: text(saved['proxyChannelId']) };
}

/**
 * Multi camera (multi-camera units 800, 800e, 810): modes highQuality (Multi-HQ), switcher,
 * switcherAndProxy; channels unique, HQ ≠ proxy, priority 1-9, up to 4 cameras (spec 000 §4, §5, §9).
 */
export function MultiCameraTab({ unitId, details, enabled, running }: { unitId: string; details: UnitDetails | undefined; enabled: boolean; running: boolean }) {
  const { t } = useTranslation();
  const channels = channelOptions(useKnownChannels(), null);
  const [switcherOpen, setSwitcherOpen] = useState(false);
  const form = useForm<MultiCameraValues>({
    initialValues: initialValues(details),
    validate: (values) => {
      const errors = multiCameraErrors({ ...values, cameras: values.cameras });
      return Object.fromEntries(Object.entries(errors).map(([key, message]) => [formPath(key), message]));
    },
  });
  // Saved elsewhere (the switcher modal, another operator): an untouched form follows the saved configuration.
  const savedKey = JSON.stringify(initialValues(details));
  useEffect(() => {
    if (form.isDirty()) return;
    const saved = JSON.parse(savedKey) as MultiCameraValues;
    form.setInitialValues(saved);
    form.setValues(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the saved values only
  }, [savedKey]);
  const save = useMutation({
    mutationFn: (values: MultiCameraValues) => saveMultiCamera(unitId, values),
    onSuccess: () => showSuccess(t('unitPage.toast.saved')),
    onError: (error) => {
      const failure = saveFailure(error, { cameras: 'cameras', highQualityChannel: 'highQualityChannelId', proxyChannel: 'proxyChannelId', mode: 'mode' });
      form.setErrors({ ...failure.fields, ...(failure.form !== null ? { cameras: failure.form } : {}) });
    },
  });
  const start = useUnitAction(unitId, () => startMultiCamera(unitId, form.values.mode), 'unitPage.toast.streamStarting', undefined, { inline: true });
  const stop = useUnitAction(unitId, () => stopMultiCamera(unitId, form.values.mode), 'unitPage.toast.streamStopping', undefined, { inline: true });
  if (details !== undefined && !details.multiCamera) return <Alert color="gray">{t('unitPage.multiCamera.notSupported', { type: details.type })}</Alert>;
  const switcher = usesSwitcherChannels(form.values.mode);
  const tooMany = !switcher && form.values.cameras.length >= MAX_MULTI_HQ_CAMERAS;
  return (
    <>
      <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack maw={760}>
          <Group>
            <Select
              label={t('unitPage.multiCamera.mode')}
              data={MULTI_CAMERA_MODES.map((mode) => ({ value: mode, label: t(`unitPage.multiCamera.modes.${mode}`) }))}
              disabled={!enabled}
              {...form.getInputProps('mode')}
            />
            <Badge mt="lg" color={running ? 'red' : 'gray'} variant="light">
              {t(running ? 'unitPage.multiCamera.running' : 'unitPage.multiCamera.stopped')}
            </Badge>
            {details?.multiCamera === true && (
              <Button mt="lg" variant="light" onClick={() => setSwitcherOpen(true)} data-testid="open-switcher">
                {t('switcher.open')}
              </Button>
            )}
          </Group>
          {typeof form.errors['cameras'] === 'string' && <Text c="red" fz="sm">{form.errors['cameras']}</Text>}
          {form.values.cameras.map((_camera, index) => (
            <Group key={index} align="flex-start">
              <Select
                label={t('unitPage.multiCamera.camera', { index: index + 1 })}
                data={channels}
                w={260}
                clearable
                disabled={!enabled}
                {...form.getInputProps(`cameras.${index}.channelId`)}
              />
              <NumberInput label={t('unitPage.multiCamera.priority')} w={120} min={1} max={9} disabled={!enabled} {...form.getInputProps(`cameras.${index}.priority`)} />
              <ActionIcon mt={28} variant="subtle" color="red" aria-label={t('unitPage.multiCamera.remove')} disabled={!enabled || form.values.cameras.length <= 1} onClick={() => form.removeListItem('cameras', index)}>
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button variant="default" disabled={!enabled || tooMany} onClick={() => form.insertListItem('cameras', { channelId: null, priority: form.values.cameras.length + 1 })}>
              {t('unitPage.multiCamera.add')}
            </Button>
            {tooMany && <Text c="dimmed" fz="sm">{t('unitPage.multiCamera.max', { count: MAX_MULTI_HQ_CAMERAS })}</Text>}
          </Group>
          {switcher && (
            <Group align="flex-start">
              <Select label={t('unitPage.multiCamera.hq')} data={channels} w={260} disabled={!enabled} {...form.getInputProps('highQualityChannelId')} />
              <Select label={t('unitPage.multiCamera.proxy')} data={channels} w={260} disabled={!enabled} {...form.getInputProps('proxyChannelId')} />
            </Group>
          )}
          <Group>
            <Button type="submit" disabled={!enabled} loading={save.isPending}>
              {t('common.save')}
            </Button>
            <Button color="teal" disabled={!enabled || running} onClick={() => start.mutate([])}>
              {t('unitPage.multiCamera.start')}
            </Button>
            <Button color="red" variant="light" disabled={!enabled || !running} onClick={() => stop.mutate([])}>
              {t('unitPage.multiCamera.stop')}
            </Button>
          </Group>
          <ActionRefusal error={start.error ?? stop.error} testId="multi-camera-refusal" />
        </Stack>
      </form>
      {/* Outside the form: React events bubble through portals, so the modal's submit must not reach this form. */}
      {switcherOpen && details !== undefined && <SwitcherModal unitId={unitId} details={details} enabled={enabled} onClose={() => setSwitcherOpen(false)} />}
    </>
  );
}
