/**
 * System Settings › AI Settings (spec 001 §3 AI credentials: username, password, RTMP url, user
 * and password). The passwords are write-only: the server answers only whether each is set, so
 * the fields start empty and say so; a password left empty keeps the stored one, "Remove"
 * clears it on the next save.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { EntityFormBody } from '../../components/admin/EntityDrawer.tsx';
import { SettingsSection } from '../../components/admin/SettingsSection.tsx';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { errorMessageOf, showSuccess } from '../../components/toasts.ts';
import { aiSettingsErrors } from '../../domain/systemSettings.ts';
import type { AiSettingsView } from '../../protocol/rest/systemSettings.ts';
import { fetchAiSettings, saveAiSettings, systemSettingsKeys } from './queries.ts';

type AiValues = { username: string; password: string; rtmpUrl: string; rtmpUser: string; rtmpPassword: string };
type Secret = 'password' | 'rtmpPassword';

function AiSettingsForm({ settings }: { readonly settings: AiSettingsView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [cleared, setCleared] = useState<ReadonlySet<Secret>>(new Set());
  /** What a password field sends: left empty, nothing (kept) unless Remove was pressed. */
  const secret = (field: Secret, typed: string): string | undefined => (typed !== '' ? typed : cleared.has(field) ? '' : undefined);
  const { form, submitting, formError, onSubmit } = useEntityForm<AiValues, AiSettingsView>({
    initialValues: { username: settings.username, password: '', rtmpUrl: settings.rtmpUrl, rtmpUser: settings.rtmpUser, rtmpPassword: '' },
    validate: (values) => aiSettingsErrors({ ...values, password: secret('password', values.password), rtmpPassword: secret('rtmpPassword', values.rtmpPassword) }),
    save: (values) => {
      const password = secret('password', values.password);
      const rtmpPassword = secret('rtmpPassword', values.rtmpPassword);
      return saveAiSettings({
        username: values.username.trim(),
        rtmpUrl: values.rtmpUrl.trim(),
        rtmpUser: values.rtmpUser.trim(),
        ...(password !== undefined ? { password } : {}),
        ...(rtmpPassword !== undefined ? { rtmpPassword } : {}),
      });
    },
    onSaved: (saved) => {
      showSuccess(t('systemSettings.ai.saved'));
      queryClient.setQueryData(systemSettingsKeys.ai, saved);
      setCleared(new Set());
      form.setValues({ password: '', rtmpPassword: '' });
    },
  });
  const passwordField = (field: Secret, isSet: boolean) => {
    const removing = cleared.has(field);
    return (
      <Stack gap={4}>
        <PasswordInput
          label={t(`systemSettings.ai.${field}`)}
          placeholder={removing ? t('systemSettings.ai.willRemove') : isSet ? t('systemSettings.ai.keepPlaceholder') : t('systemSettings.ai.notSetPlaceholder')}
          autoComplete="new-password"
          {...form.getInputProps(field)}
        />
        <Group gap="xs">
          <Badge size="sm" variant="light" color={isSet && !removing ? 'green' : 'gray'} data-testid={`${field}-state`}>
            {isSet && !removing ? t('systemSettings.ai.isSet') : t('systemSettings.ai.isNotSet')}
          </Badge>
          {isSet && (
            <Button
              size="compact-xs"
              variant="subtle"
              color={removing ? 'gray' : 'red'}
              onClick={() => setCleared((now) => (removing ? new Set([...now].filter((f) => f !== field)) : new Set([...now, field])))}
            >
              {removing ? t('systemSettings.ai.keep') : t('systemSettings.ai.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  };
  return (
    <EntityFormBody mode="edit" onSubmit={onSubmit} onCancel={() => { form.reset(); setCleared(new Set()); }} submitting={submitting} formError={formError}>
      <SettingsSection title={t('systemSettings.ai.account')} hint={t('systemSettings.ai.accountHint')}>
        <TextInput label={t('systemSettings.ai.username')} autoComplete="off" {...form.getInputProps('username')} />
        {passwordField('password', settings.passwordSet)}
      </SettingsSection>
      <SettingsSection title={t('systemSettings.ai.rtmp')} hint={t('systemSettings.ai.rtmpHint')}>
        <TextInput label={t('systemSettings.ai.rtmpUrl')} placeholder="rtmp://ai.example.com/live" {...form.getInputProps('rtmpUrl')} />
        <TextInput label={t('systemSettings.ai.rtmpUser')} autoComplete="off" {...form.getInputProps('rtmpUser')} />
        {passwordField('rtmpPassword', settings.rtmpPasswordSet)}
      </SettingsSection>
    </EntityFormBody>
  );
}

export default function AiSettingsTab() {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: systemSettingsKeys.ai, queryFn: ({ signal }) => fetchAiSettings(signal) });
  return (
    <AdminPage title={t('routes.psg/system_settings/ai_settings')} description={t('systemSettings.ai.description')}>
      {settings.isPending && <Loader size="sm" />}
      {settings.isError && <Alert color="red">{errorMessageOf(settings.error)}</Alert>}
      {settings.data !== undefined && <AiSettingsForm key={settings.data.updatedAt ?? 0} settings={settings.data} />}
    </AdminPage>
  );
}
