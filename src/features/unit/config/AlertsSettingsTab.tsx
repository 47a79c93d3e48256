import { Group, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALERT_SEVERITIES } from '../../../domain/units/interface.ts';
import { firstError } from '../../../domain/validation/check.ts';
import { integer, maxValue, minValue, number, requiredNumber } from '../../../domain/validation/fields.ts';
import { emailListError, parseEmailList } from '../../../domain/validation/invites.ts';
import { fetchAlertsConfiguration, listedValue, saveAlertsConfiguration } from '../api/unitCalls.ts';
import { FormFooter } from './FormFooter.tsx';
import { useFormSave } from './useFormSave.ts';

/** Battery threshold in percent (spec 000 §9 "battery-level threshold in percent"): 1-100. */
const BATTERY_THRESHOLD_PCT = { min: 1, max: 100 } as const;

interface AlertsValues {
  batteryEnabled: boolean;
  batteryThreshold: number | string;
  batterySeverity: string;
  cameraEnabled: boolean;
  cameraSeverity: string;
  emails: string;
}

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => (typeof value === 'object' && value !== null ? (value as Obj) : {});

function valuesOf(body: unknown): AlertsValues {
  const configuration = obj(obj(body)['configuration']);
  const battery = obj(configuration['battery']);
  const camera = obj(configuration['cameraDisconnected']);
  const severity = (value: unknown) => (typeof value === 'string' ? value : 'warning');
  return {
    batteryEnabled: battery['enabled'] === true,
    batteryThreshold: typeof battery['thresholdPct'] === 'number' ? battery['thresholdPct'] : 20,
    batterySeverity: severity(battery['severity']),
    cameraEnabled: camera['enabled'] === true,
    cameraSeverity: severity(camera['severity']),
    emails: Array.isArray(configuration['emails']) ? (configuration['emails'] as unknown[]).filter((e) => typeof e === 'string').join(', ') : '',
  };
}

function AlertsForm({ unitId, initial, enabled }: { unitId: string; initial: AlertsValues; enabled: boolean }) {
  const { t } = useTranslation();
  const form = useForm<AlertsValues>({
    initialValues: initial,
    validate: {
      batteryThreshold: (value, values) =>
        values.batteryEnabled ? firstError(value, [requiredNumber, number, integer, minValue(BATTERY_THRESHOLD_PCT.min), maxValue(BATTERY_THRESHOLD_PCT.max)]) : null,
      emails: (value) => {
        const list = parseEmailList(value);
        return list.length === 0 ? null : emailListError(list);
      },
    },
  });
  const { save, formError } = useFormSave(
    unitId,
    form,
    (values: AlertsValues) =>
      saveAlertsConfiguration(unitId, {
        battery: { enabled: values.batteryEnabled, thresholdPct: Number(values.batteryThreshold), severity: listedValue(ALERT_SEVERITIES, values.batterySeverity) },
        cameraDisconnected: { enabled: values.cameraEnabled, severity: listedValue(ALERT_SEVERITIES, values.cameraSeverity) },
        emails: parseEmailList(values.emails),
      }),
    { emails: 'emails', thresholdPct: 'batteryThreshold' },
  );
  const severities = ALERT_SEVERITIES.map((s) => ({ value: s, label: t(`unitPage.alerts.severity.${s}`) }));
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        <Title order={3} fz="h5">
          {t('unitPage.alerts.type.battery')}
        </Title>
        <Group align="flex-end">
          <Switch label={t('unitConfig.alerts.enabled')} disabled={!enabled} {...form.getInputProps('batteryEnabled', { type: 'checkbox' })} />
          <NumberInput label={t('unitConfig.alerts.threshold')} w={160} min={1} max={100} suffix="%" disabled={!enabled || !form.values.batteryEnabled} {...form.getInputProps('batteryThreshold')} />
          <Select label={t('unitConfig.alerts.severity')} w={160} data={severities} disabled={!enabled} {...form.getInputProps('batterySeverity')} />
        </Group>
        <Title order={3} fz="h5">
          {t('unitPage.alerts.type.cameraDisconnected')}
        </Title>
        <SimpleGrid cols={2}>
          <Switch mt="lg" label={t('unitConfig.alerts.enabled')} disabled={!enabled} {...form.getInputProps('cameraEnabled', { type: 'checkbox' })} />
          <Select label={t('unitConfig.alerts.severity')} data={severities} disabled={!enabled} {...form.getInputProps('cameraSeverity')} />
        </SimpleGrid>
        <Textarea label={t('unitConfig.alerts.emails')} description={t('unitConfig.alerts.emailsHint')} autosize minRows={2} disabled={!enabled} {...form.getInputProps('emails')} />
        <FormFooter error={formError} saving={save.isPending} disabled={!enabled} />
      </Stack>
    </form>
  );
}

/** Alerts settings of the unit (GET and PUT v2/units/{id}/alerts/configuration; spec 000 §9 alerts). */
export function AlertsSettingsTab({ unitId, enabled }: { unitId: string; enabled: boolean }) {
  const query = useQuery({ queryKey: ['session', 'unit', unitId, 'alertsConfiguration'], queryFn: () => fetchAlertsConfiguration(unitId), staleTime: 0 });
  if (query.isPending) return null;
  return <AlertsForm unitId={unitId} initial={valuesOf(query.data)} enabled={enabled} />;
}
