/**
 * Ad-hoc tab of "add LU-Smart or LU-Lite" (spec 000 §2): choose the kind and the registration
 * period (002 §4: 1 day, 3 days, 1 week, 1 month), read the pairing code and join link, register
 * a named device (002 §5: name required and unique) and invite its user by e-mail or SMS. A
 * registered device is a new unit of the group: the unit list shows it once the worker's list
 * reload runs (3 s after a device is added, spec 001 §7).
 */
import { useState } from 'react';
import { Alert, Button, Divider, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADHOC_PERIODS, DEVICE_KIND_LABELS, deviceNameError, type AdhocPeriod, type DeviceKind } from '../../domain/adhoc.ts';
import { errorMessageOf, showSuccess } from '../../components/toasts.ts';
import { useAdhocRegistration, usePutAdhoc } from './adhocCalls.ts';
import { CodeField, formatTime } from './CodeField.tsx';
import { DeviceKindPicker } from './DeviceKindPicker.tsx';
import { InviteForm } from './InviteForm.tsx';
import { inviteFailure } from './inviteFailure.ts';

export interface AdhocTabProps {
  groupId: string;
  kind: DeviceKind;
  onKind(kind: DeviceKind): void;
  /** The period chosen in the modal, or null for the stored one. */
  period: AdhocPeriod | null;
  onPeriod(period: AdhocPeriod): void;
  canWrite: boolean;
}

export function AdhocTab({ groupId, kind, onKind, period, onPeriod, canWrite }: AdhocTabProps) {
  const { t } = useTranslation();
  const registration = useAdhocRegistration(groupId, kind);
  const register = usePutAdhoc(groupId);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [registered, setRegistered] = useState<{ name: string; kind: DeviceKind } | null>(null);
  const shownPeriod = period ?? registration.data?.period ?? '1day';

  const submit = (): void => {
    const error = deviceNameError(name, []); // uniqueness: the server checks every unit's name
    setNameError(error);
    if (error !== null) return;
    register.mutate(
      { mode: kind, period: shownPeriod, deviceName: name.trim() },
      {
        onSuccess: (answer) => {
          const unitName = answer.unit?.name ?? name.trim();
          showSuccess(t('adhoc.registered', { kind: DEVICE_KIND_LABELS[kind], name: unitName, until: formatTime(answer.registration.expiresAt) }));
          setRegistered({ name: unitName, kind });
          setName('');
        },
        onError: (error) => setNameError(inviteFailure(error).fields['deviceName'] ?? errorMessageOf(error)),
      },
    );
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={2}>
        <DeviceKindPicker value={kind} onChange={onKind} />
        <Select
          label={t('adhoc.period')}
          data={ADHOC_PERIODS.map((p) => ({ value: p, label: t(`adhoc.periods.${p}`) }))}
          value={shownPeriod}
          onChange={(value) => value !== null && onPeriod(value as AdhocPeriod)}
          disabled={!canWrite}
        />
      </SimpleGrid>
      <Paper withBorder p="sm" radius="sm">
        {registration.isPending ? (
          <Loader size="sm" />
        ) : registration.isError ? (
          <Alert color="red">{errorMessageOf(registration.error)}</Alert>
        ) : (
          <Stack gap="sm">
            <SimpleGrid cols={2} spacing="sm">
              <CodeField label={t('adhoc.code')} value={registration.data.code} testId="adhoc-code" />
              <Stack gap={2}>
                <Text fz="xs" c="dimmed">
                  {t('adhoc.expires')}
                </Text>
                <Text fw={500}>{formatTime(registration.data.expiresAt)}</Text>
                <Text fz="xs" c="dimmed">
                  {t('adhoc.plan', { plan: registration.data.planKind })}
                </Text>
              </Stack>
            </SimpleGrid>
            <CodeField label={t('adhoc.link')} value={registration.data.joinLink} testId="adhoc-link" small />
          </Stack>
        )}
      </Paper>
      <Title order={4} fz="h5">
        {t('adhoc.registerTitle', { kind: DEVICE_KIND_LABELS[kind] })}
      </Title>
      <Group align="flex-start" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('adhoc.deviceName')}
          withAsterisk
          value={name}
          error={nameError}
          disabled={!canWrite}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit();
          }}
        />
        <Button mt={25} onClick={submit} loading={register.isPending} disabled={!canWrite}>
          {t('adhoc.register')}
        </Button>
      </Group>
      {registered !== null && (
        <>
          <Divider label={t('adhoc.inviteFor', { name: registered.name })} labelPosition="left" />
          <InviteForm key={registered.name} groupId={groupId} mode={registered.kind} deviceName={registered.name} guest={false} disabled={!canWrite} />
        </>
      )}
    </Stack>
  );
}
