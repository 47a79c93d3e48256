/**
 * Invite by e-mail or SMS (POST groups/{groupId}/email | sms, spec 002 §7). Checked before sending
 * with the spec's rules (002 §5: device name required and unique, e-mail valid, phone digits only);
 * a failure shows the server's words on the field, or "We encountered an error, please try
 * again." (002 §8). No mail or SMS transport exists on this server: the toast says the invitation
 * was recorded, with the link to pass on.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { ADHOC_PERIODS, deviceNameError, inviteEmailsError, invitePhoneError, type AdhocPeriod, type DeviceKind, type InviteChannel } from '../../domain/adhoc.ts';
import { sendInvitation, type InviteRequest } from './adhocCalls.ts';
import { inviteFailure } from './inviteFailure.ts';

interface InviteValues {
  deviceName: string;
  channel: InviteChannel;
  email: string;
  phone: string;
  period: AdhocPeriod;
}

export interface InviteFormProps {
  groupId: string;
  mode: DeviceKind;
  /** The registered device the invitation names; undefined: the form asks for a name (guest). */
  deviceName?: string;
  /** Guest interview: the name must be free and the guest joins for a period. */
  guest: boolean;
  disabled: boolean;
  onSent?(): void;
  /** Shown left of the send button (e.g. the modal's Close). */
  secondaryAction?: ReactNode;
}

export function InviteForm({ groupId, mode, deviceName, guest, disabled, onSent, secondaryAction }: InviteFormProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InviteValues>({
    initialValues: { deviceName: deviceName ?? '', channel: 'email', email: '', phone: '', period: '1day' },
    validate: {
      // Uniqueness needs every unit's name: the server checks it (spec 002 §5).
      deviceName: (value) => (deviceName === undefined ? deviceNameError(value, []) : null),
      email: (value, values) => (values.channel === 'email' ? inviteEmailsError(value) : null),
      phone: (value, values) => (values.channel === 'sms' ? invitePhoneError(value) : null),
    },
  });
  const send = useMutation({
    mutationFn: (values: InviteValues) => {
      setFormError(null);
      const body: InviteRequest = {
        to: values.channel === 'email' ? values.email : values.phone,
        deviceName: deviceName ?? values.deviceName,
        mode,
        ...(guest ? { guest: true, period: values.period } : {}),
      };
      return sendInvitation(groupId, values.channel, body);
    },
    onSuccess: (answer) => {
      notifications.show({
        color: 'teal',
        title: t('adhoc.invite.recorded', { to: answer.to.join(', ') }),
        message: t('adhoc.invite.noTransport', { link: answer.link }),
        autoClose: false,
      });
      form.setFieldValue(form.getValues().channel === 'email' ? 'email' : 'phone', '');
      onSent?.();
    },
    onError: (error) => {
      const failure = inviteFailure(error);
      const channel = form.getValues().channel;
      form.setErrors(Object.fromEntries(Object.entries(failure.fields).map(([field, message]) => [field === 'to' ? (channel === 'email' ? 'email' : 'phone') : field, message])));
      setFormError(failure.form);
    },
  });
  const channel = form.values.channel;
  return (
    <form onSubmit={form.onSubmit((values) => send.mutate(values))} noValidate>
      <Stack gap="sm">
        {deviceName === undefined && (
          <TextInput label={t('adhoc.guest.name')} description={t('adhoc.guest.nameHint')} withAsterisk disabled={disabled} key={form.key('deviceName')} {...form.getInputProps('deviceName')} />
        )}
        <SegmentedControl
          aria-label={t('adhoc.invite.channel')}
          data={[
            { value: 'email', label: t('adhoc.invite.email') },
            { value: 'sms', label: t('adhoc.invite.sms') },
          ]}
          disabled={disabled}
          key={form.key('channel')}
          {...form.getInputProps('channel')}
        />
        {channel === 'email' ? (
          <TextInput label={t('adhoc.invite.emailLabel')} description={t('adhoc.invite.emailHint')} type="email" withAsterisk disabled={disabled} key={form.key('email')} {...form.getInputProps('email')} />
        ) : (
          <TextInput label={t('adhoc.invite.phoneLabel')} description={t('adhoc.invite.phoneHint')} inputMode="numeric" withAsterisk disabled={disabled} key={form.key('phone')} {...form.getInputProps('phone')} />
        )}
        {guest && (
          <Select
            label={t('adhoc.guest.period')}
            data={ADHOC_PERIODS.map((p) => ({ value: p, label: t(`adhoc.periods.${p}`) }))}
            disabled={disabled}
            key={form.key('period')}
            {...form.getInputProps('period')}
          />
        )}
        {formError !== null && (
          <Alert color="red" role="alert" data-testid="invite-error">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          {secondaryAction}
          <Button type="submit" loading={send.isPending} disabled={disabled}>
            {t('adhoc.invite.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
