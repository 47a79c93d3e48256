/**
 * The channel's dialogs (spec 001 §2): Tally (on air, supported by unit, tally name), IFB (on, low
 * delay 700 → 300 ms, always on, and the server's IFB mode V1/V2, whose change the server refuses
 * with the spec's reasons), Audio interfaces (up to the limit the server supplies, names unique).
 */
import { ActionIcon, Button, Group, Modal, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { AUDIO_INTERFACE_KINDS, audioInterfacesErrors, ifbDelayMs, tallyErrors, type AudioInterface, type ChannelConfig } from '../../domain/channelConfig.ts';
import { fieldErrorsOf, messageOf } from '../../api/call.ts';
import { channelKeys, fetchAudioInterfaces, fetchIngest, invalidateChannels, saveAudioInterfaces, saveIfb, saveIngest, saveTally } from './queries.ts';
import type { LiveChannel } from './useLiveChannels.ts';
import { TabFooter } from './ChannelEditor.tsx';

interface DialogProps {
  readonly channel: LiveChannel;
  readonly onClose: () => void;
}

export function TallyDialog({ channel, onClose }: DialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submitting, formError, onSubmit } = useEntityForm<ChannelConfig['tally'], unknown>({
    initialValues: channel.config.tally,
    validate: tallyErrors,
    save: (tally) => saveTally(channel.id, tally),
    onSaved: () => {
      void invalidateChannels(queryClient);
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('channels.dialogs.tally.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Switch label={t('channels.dialogs.tally.onAir')} {...form.getInputProps('onAir', { type: 'checkbox' })} />
          <Switch label={t('channels.dialogs.tally.supportedByUnit')} {...form.getInputProps('supportedByUnit', { type: 'checkbox' })} />
          <TextInput label={t('channels.dialogs.tally.name')} {...form.getInputProps('tallyName')} />
          <TabFooter formError={formError} submitting={submitting} canSave saved={false} />
        </Stack>
      </form>
    </Modal>
  );
}

type IfbValues = ChannelConfig['ifb'] & { mode: 'V1' | 'V2' | '' };

export function IfbDialog({ channel, onClose }: DialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submitting, formError, onSubmit } = useEntityForm<IfbValues, unknown>({
    initialValues: { ...channel.config.ifb, mode: '' },
    validate: () => ({}),
    save: ({ mode, ...ifb }) => saveIfb(channel.id, { ...ifb, ...(mode !== '' ? { mode } : {}) }),
    onSaved: () => {
      void invalidateChannels(queryClient);
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('channels.dialogs.ifb.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Switch label={t('channels.dialogs.ifb.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Switch label={t('channels.dialogs.ifb.lowDelay')} description={t('channels.dialogs.ifb.delay', { ms: ifbDelayMs(form.values) })} {...form.getInputProps('lowDelay', { type: 'checkbox' })} />
          <Switch label={t('channels.dialogs.ifb.alwaysOn')} {...form.getInputProps('alwaysOn', { type: 'checkbox' })} />
          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              {t('channels.dialogs.ifb.mode')}
            </Text>
            <SegmentedControl
              data={[
                { value: '', label: t('channels.dialogs.ifb.keepMode') },
                { value: 'V1', label: 'V1' },
                { value: 'V2', label: 'V2' },
              ]}
              {...form.getInputProps('mode')}
            />
            {typeof form.errors['mode'] === 'string' && (
              // Every reason the server gives, in the spec's order (joined with "; ").
              <Text c="red" fz="sm" role="alert">
                {form.errors['mode']}
              </Text>
            )}
          </Stack>
          <TabFooter formError={formError} submitting={submitting} canSave saved={false} />
        </Stack>
      </form>
    </Modal>
  );
}

export function AudioInterfacesDialog({ channel, onClose }: DialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: channelKeys.one(channel.id, 'audio'), queryFn: ({ signal }) => fetchAudioInterfaces(channel.id, signal) });
  const [items, setItems] = useState<AudioInterface[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const list = items ?? [...(current.data?.interfaces ?? [])];
  const limit = current.data?.limit ?? 0;
  const checked = audioInterfacesErrors(list, limit);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await saveAudioInterfaces(channel.id, list);
      void invalidateChannels(queryClient);
      onClose();
    } catch (failure) {
      setError(Object.values(fieldErrorsOf(failure))[0] ?? messageOf(failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('channels.dialogs.audio.title')} size="lg">
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {t('channels.dialogs.audio.limit', { limit })}
          </Text>
          {list.map((item, index) => (
            <Group key={index} align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={t('channels.dialogs.audio.name', { n: index + 1 })}
                placeholder={t('channels.dialogs.audio.namePlaceholder')}
                value={item.name}
                error={checked.names[index] ?? undefined}
                onChange={(e) => setItems(list.map((x, i) => (i === index ? { ...x, name: e.currentTarget.value } : x)))}
                style={{ flex: 1 }}
              />
              <Select
                aria-label={t('channels.dialogs.audio.kind', { n: index + 1 })}
                data={AUDIO_INTERFACE_KINDS.map((k) => ({ value: k, label: t(`channels.dialogs.audio.kinds.${k}`) }))}
                value={item.kind}
                onChange={(kind) => kind !== null && setItems(list.map((x, i) => (i === index ? { ...x, kind: kind as AudioInterface['kind'] } : x)))}
                w={140}
              />
              <ActionIcon variant="subtle" color="red" aria-label={t('channels.dialogs.audio.remove', { n: index + 1 })} onClick={() => setItems(list.filter((_, i) => i !== index))} mt={4}>
                ×
              </ActionIcon>
            </Group>
          ))}
          {checked.list !== undefined && (
            <Text c="red" fz="sm" role="alert">
              {checked.list}
            </Text>
          )}
          <Group>
            <Button variant="light" size="xs" onClick={() => setItems([...list, { name: '', kind: 'sip' }])}>
              {t('channels.dialogs.audio.add')}
            </Button>
          </Group>
          <TabFooter formError={error} submitting={saving} canSave saved={false} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Ingest allocation (spec 001 §2, §7): the ingest server of the channel's inventory it is allocated to, or none. */
export function IngestDialog({ channel, onClose }: DialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inventoryId = channel.inventoryId ?? '';
  const allocation = useQuery({ queryKey: channelKeys.one(channel.id, 'ingest'), queryFn: ({ signal }) => fetchIngest(inventoryId, signal), enabled: inventoryId !== '' });
  const current = allocation.data?.associations.find((a) => a.channelId === channel.id)?.serverId ?? null;
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const value = chosen === undefined ? current : chosen;
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await saveIngest(inventoryId, channel.id, value);
      void invalidateChannels(queryClient);
      onClose();
    } catch (failure) {
      setError(Object.values(fieldErrorsOf(failure))[0] ?? messageOf(failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('channels.dialogs.ingest.title')}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack gap="sm">
          <Select
            label={t('channels.dialogs.ingest.server')}
            placeholder={t('channels.dialogs.ingest.none')}
            data={(allocation.data?.servers ?? []).map((s) => ({ value: s.id, label: s.name }))}
            value={value}
            clearable
            onChange={setChosen}
          />
          <TabFooter formError={error} submitting={saving} canSave saved={false} />
        </Stack>
      </form>
    </Modal>
  );
}

