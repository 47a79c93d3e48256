import { useState } from 'react';
import { Alert, Badge, Button, Divider, Group, Input, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../components/toasts.ts';
import { SWITCHER_INPUT_GUARD_MS } from '../../../domain/constants.ts';
import { SWITCHER_SDI_INPUTS, type SdiInput } from '../../../domain/switcher.ts';
import { useKnownChannels } from '../header/ChannelSelect.tsx';
import { channelOptions } from '../model/channelOptions.ts';
import { saveFailure } from '../model/serverErrors.ts';
import { settingOf, type UnitDetails } from '../model/unitDetails.ts';
import { decodeSavedSwitcher, initialSwitcherValues, switcherErrors, switcherSavePlan, SWITCHER_MODES, type SwitcherMode, type SwitcherValues } from './switcherSettings.ts';
import type { SwitcherStreamState } from './switcherStream.ts';
import { useSwitcherInput } from './useSwitcherInput.ts';
import { useSwitcherSave } from './useSwitcherSave.ts';
import { useSwitcherStream } from './useSwitcherStream.ts';

const STATE_COLOURS: Record<SwitcherStreamState, string> = { start: 'gray', connecting: 'yellow', stop: 'red', disconnecting: 'yellow', busy: 'orange', unavailable: 'gray' };
const GUARD_SECONDS = SWITCHER_INPUT_GUARD_MS / 1000;

/**
 * The switcher of a multi-camera unit (spec 000 §2 "switcher" modal; §4 modes switcher and
 * switcherAndProxy; §5 HQ ≠ proxy; §7 switchermode, highqualitychannel, proxychannel, sdiinput,
 * stream/switchermode and the 5000 ms input guard). `enabled`: the user may operate and the unit
 * is online (the unit page's rule); otherwise everything shows and nothing can be changed.
 */
export function SwitcherModal({ unitId, details, enabled, onClose }: { unitId: string; details: UnitDetails; enabled: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const saved = decodeSavedSwitcher(settingOf(details, 'multiCamera'));
  const known = useKnownChannels();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<SwitcherValues>({
    initialValues: initialSwitcherValues(saved),
    validate: (values) => switcherErrors(saved, values),
  });
  const save = useSwitcherSave(unitId, {
    onSuccess: () => showSuccess(t('switcher.toast.saved')),
    onError: (error) => {
      const failure = saveFailure(error, { highQualityChannel: 'highQualityChannelId', proxyChannel: 'proxyChannelId', mode: 'mode' });
      form.setErrors(failure.fields);
      setRefusal(failure.form);
    },
  });
  const stream = useSwitcherStream(unitId, details);
  const input = useSwitcherInput(unitId, saved.sdiInput);

  const submit = form.onSubmit((values) => {
    setRefusal(null);
    if (values.highQualityChannelId === null || values.proxyChannelId === null) return; // validation said so
    save.mutate(switcherSavePlan(saved, { ...values, highQualityChannelId: values.highQualityChannelId, proxyChannelId: values.proxyChannelId }));
  });
  const formError = typeof form.errors['form'] === 'string' ? form.errors['form'] : refusal;
  const streaming = stream.state === 'stop' || stream.state === 'disconnecting';
  const transitional = stream.state === 'connecting' || stream.state === 'disconnecting';

  return (
    <Modal opened onClose={onClose} title={t('switcher.title', { name: details.name })} size="lg" centered data-testid="switcher-modal">
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={500}>{t('switcher.stream.label')}</Text>
            <Badge data-testid="switcher-stream-state" data-state={stream.state} color={STATE_COLOURS[stream.state]} variant="light">
              {t(`switcher.stream.state.${stream.state}`)}
            </Badge>
          </Group>
          <Button
            data-testid="switcher-stream-button"
            color={streaming ? 'red' : 'teal'}
            disabled={!enabled || transitional || stream.state === 'busy' || stream.state === 'unavailable'}
            onClick={streaming ? stream.stop : stream.start}
          >
            {t(`switcher.stream.button.${stream.state}`)}
          </Button>
        </Group>
        {stream.state === 'busy' && <Text c="dimmed" fz="sm">{t('switcher.stream.busyHint')}</Text>}
        {stream.refusal !== null && (
          <Alert color="red" data-testid="switcher-stream-refusal">
            {stream.refusal}
          </Alert>
        )}

        <Divider label={t('switcher.settings')} labelPosition="left" />
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Input.Wrapper label={t('switcher.mode')}>
              <SegmentedControl
                display="flex"
                disabled={!enabled}
                data={SWITCHER_MODES.map((mode) => ({ value: mode, label: t(`switcher.modes.${mode}`) }))}
                value={form.values.mode}
                onChange={(value) => form.setFieldValue('mode', value as SwitcherMode)}
              />
            </Input.Wrapper>
            <Group grow align="flex-start">
              <Select
                label={t('switcher.hq')}
                placeholder={t('switcher.channelPlaceholder')}
                data={channelOptions(known, saved.highQualityChannelId)}
                searchable
                disabled={!enabled}
                {...form.getInputProps('highQualityChannelId')}
              />
              <Select
                label={t('switcher.proxy')}
                placeholder={t('switcher.channelPlaceholder')}
                data={channelOptions(known, saved.proxyChannelId)}
                searchable
                disabled={!enabled}
                {...form.getInputProps('proxyChannelId')}
              />
            </Group>
            {formError !== null && (
              <Alert color="red" data-testid="switcher-refusal">
                {formError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" disabled={!enabled} loading={save.isPending}>
                {t('switcher.save')}
              </Button>
            </Group>
          </Stack>
        </form>

        <Divider label={t('switcher.input.title')} labelPosition="left" />
        <Input.Wrapper label={t('switcher.input.label')} description={t('switcher.input.guard', { seconds: GUARD_SECONDS })}>
          <SegmentedControl
            mt={4}
            display="flex"
            disabled={!enabled}
            data={SWITCHER_SDI_INPUTS.map((n) => ({ value: String(n), label: t('switcher.input.option', { input: n }) }))}
            value={input.selected === null ? '' : String(input.selected)}
            onChange={(value) => input.choose(Number(value) as SdiInput)}
          />
        </Input.Wrapper>
        <Text fz="sm" c={input.error !== null ? 'red' : 'dimmed'} data-testid="switcher-input-status" mih={20}>
          {input.error ??
            (input.held !== null
              ? t('switcher.input.held', { input: input.held, seconds: GUARD_SECONDS })
              : input.sending !== null
                ? t('switcher.input.sending', { input: input.sending })
                : input.selected !== null
                  ? t('switcher.input.current', { input: input.selected })
                  : t('switcher.input.none'))}
        </Text>

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('switcher.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
