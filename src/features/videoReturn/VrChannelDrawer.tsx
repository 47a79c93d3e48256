/**
 * The channel configuration (spec 001 §3, §5): name, description (0-32), input type (disabled, SDI,
 * SRT), SRT mode, url (a caller's srt://host:port), passphrase (10-64; empty: none; left empty it
 * keeps the stored one), destination port (1-65535), internal and external IP. The domain's rules
 * answer as the user types; the server checks them again and its message lands on its field.
 */
import { useState } from 'react';
import { Alert, Button, Drawer, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../api/call.ts';
import { isApiError } from '../../api/http.ts';
import { reactionToHttpError } from '../../domain/errors.ts';
import { errorMessageOf, showSuccess } from '../../components/toasts.ts';
import { SRT_MODES, VR_INPUT_TYPES, vrChannelFormErrors, type SrtMode, type VrChannelForm, type VrInputType } from '../../domain/videoReturn.ts';
import type { VrChannelUpdate, VrChannelView } from '../../protocol/rest/videoReturn.ts';
import { updateVrChannel, useInvalidateVideoReturn } from './queries.ts';

function formOf(channel: VrChannelView): VrChannelForm {
  return {
    name: channel.name,
    description: channel.description,
    inputType: channel.inputType,
    srtMode: channel.srtMode,
    url: channel.url,
    passphrase: '',
    destinationPort: channel.destinationPort === null ? '' : String(channel.destinationPort),
    internalIp: channel.internalIp,
    externalIp: channel.externalIp,
  };
}

/** The body of a save: every field, the passphrase only when typed (else the stored one stays). */
function bodyOf(form: VrChannelForm): VrChannelUpdate {
  const port = String(form.destinationPort ?? '').trim();
  return {
    name: form.name.trim(),
    description: form.description,
    inputType: form.inputType,
    srtMode: form.inputType === 'srt' ? form.srtMode : null,
    url: form.url.trim(),
    ...(form.passphrase !== '' ? { passphrase: form.passphrase } : {}),
    destinationPort: port === '' ? null : port,
    internalIp: form.internalIp.trim(),
    externalIp: form.externalIp.trim(),
  };
}

export function VrChannelDrawer({ groupId, channel, onClose }: { groupId: string; channel: VrChannelView | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer opened={channel !== null} onClose={onClose} position="right" size={440} title={<Text fw={600}>{channel === null ? '' : t('videoReturn.configure', { name: channel.name })}</Text>}>
      {channel !== null && <VrChannelForm key={channel.uniqueId} groupId={groupId} channel={channel} onClose={onClose} />}
    </Drawer>
  );
}

function VrChannelForm({ groupId, channel, onClose }: { groupId: string; channel: VrChannelView; onClose(): void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateVideoReturn();
  const [form, setForm] = useState<VrChannelForm>(() => formOf(channel));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // Checked as typed; the stored passphrase counts as set when the field is left empty.
  const errors = vrChannelFormErrors({ ...form, passphrase: form.passphrase === '' && channel.hasPassphrase ? 'x'.repeat(10) : form.passphrase }, []);
  const save = useMutation({
    mutationFn: () => updateVrChannel(groupId, channel.uniqueId, bodyOf(form)),
    onSuccess: () => {
      showSuccess(t('videoReturn.saved'));
      void invalidate();
      onClose();
    },
    onError: (error) => {
      // spec 002 §8: "Unknown video return channel" on update is a debug log only (the channel went).
      if (isApiError(error) && reactionToHttpError({ status: error.status, call: 'videoReturnUpdate' }) === 'debugOnly') {
        console.debug('video return update:', error.message);
        void invalidate();
        onClose();
        return;
      }
      setServerErrors(fieldErrorsOf(error));
    },
  });
  const set = <K extends keyof VrChannelForm>(field: K, value: VrChannelForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setTouched((s) => new Set(s).add(field));
    setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const errorOf = (field: keyof VrChannelForm): string | undefined => serverErrors[field] ?? (touched.has(field) ? errors[field] : undefined);
  const invalid = Object.keys(errors).length > 0;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(new Set(Object.keys(form)));
        if (!invalid) save.mutate();
      }}
    >
      <Stack gap="sm">
        <TextInput label={t('videoReturn.fields.name')} value={form.name} onChange={(e) => set('name', e.currentTarget.value)} error={errorOf('name')} required />
        <TextInput label={t('videoReturn.fields.description')} value={form.description} onChange={(e) => set('description', e.currentTarget.value)} error={errorOf('description')} />
        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            {t('videoReturn.fields.inputType')}
          </Text>
          <SegmentedControl
            aria-label={t('videoReturn.fields.inputType')}
            value={form.inputType}
            onChange={(value) => set('inputType', value as VrInputType)}
            data={VR_INPUT_TYPES.map((type) => ({ value: type, label: t(`videoReturn.inputTypes.${type}`) }))}
          />
        </Stack>
        {form.inputType === 'srt' && (
          <>
            <Stack gap={4}>
              <Text fz="sm" fw={500}>
                {t('videoReturn.fields.srtMode')}
              </Text>
              <SegmentedControl
                aria-label={t('videoReturn.fields.srtMode')}
                value={form.srtMode ?? ''}
                onChange={(value) => set('srtMode', value as SrtMode)}
                data={SRT_MODES.map((mode) => ({ value: mode, label: t(`videoReturn.srtModes.${mode}`) }))}
              />
              {errorOf('srtMode') !== undefined && (
                <Text c="red" fz="xs">
                  {errorOf('srtMode')}
                </Text>
              )}
            </Stack>
            {form.srtMode === 'caller' && (
              <TextInput label={t('videoReturn.fields.url')} placeholder="srt://host:port" value={form.url} onChange={(e) => set('url', e.currentTarget.value)} error={errorOf('url')} />
            )}
            <PasswordInput
              label={t('videoReturn.fields.passphrase')}
              description={channel.hasPassphrase ? t('videoReturn.passphraseKept') : t('videoReturn.passphraseHint')}
              value={form.passphrase}
              onChange={(e) => set('passphrase', e.currentTarget.value)}
              error={errorOf('passphrase')}
            />
          </>
        )}
        <TextInput label={t('videoReturn.fields.destinationPort')} value={String(form.destinationPort ?? '')} onChange={(e) => set('destinationPort', e.currentTarget.value)} error={errorOf('destinationPort')} />
        <Group grow>
          <TextInput label={t('videoReturn.fields.internalIp')} value={form.internalIp} onChange={(e) => set('internalIp', e.currentTarget.value)} error={errorOf('internalIp')} />
          <TextInput label={t('videoReturn.fields.externalIp')} value={form.externalIp} onChange={(e) => set('externalIp', e.currentTarget.value)} error={errorOf('externalIp')} />
        </Group>
        {save.isError && Object.keys(serverErrors).length === 0 && (
          <Alert color="red" variant="light">
            {errorMessageOf(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('videoReturn.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('videoReturn.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
