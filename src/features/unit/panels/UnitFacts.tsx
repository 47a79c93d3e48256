import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatBitrate } from '../../../domain/bitrate.ts';
import type { Battery } from '../../../protocol/payloads.ts';
import { fetchLocation } from '../api/unitCalls.ts';
import type { UnitAlertRow } from '../model/unitDetails.ts';

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="h5" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Battery (spec 000 §3: connected, charging, percentage). */
export function BatteryCard({ battery }: { battery: Battery | undefined }) {
  const { t } = useTranslation();
  const pct = battery?.percentage;
  return (
    <Card title={t('unitPage.battery.title')}>
      {battery === undefined || battery.connected === false ? (
        <Text c="dimmed">{t('unitPage.battery.none')}</Text>
      ) : (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text fw={600} data-testid="battery-percent">
              {pct === undefined ? '—' : `${pct}%`}
            </Text>
            {battery.charging === true && <Badge variant="light">{t('unitPage.battery.charging')}</Badge>}
          </Group>
          <Progress value={pct ?? 0} color={(pct ?? 0) < 20 ? 'red' : 'teal'} aria-label={t('unitPage.battery.title')} />
        </Stack>
      )}
    </Card>
  );
}

/** Location: latitude, longitude and address (GET devices/{id}/location). */
export function LocationCard({ unitId, lat, lng }: { unitId: string; lat: number | undefined; lng: number | undefined }) {
  const { t } = useTranslation();
  const location = useQuery({ queryKey: ['session', 'unit', unitId, 'location'], queryFn: ({ signal }) => fetchLocation(unitId, signal), staleTime: 60_000 });
  const address = (location.data as { address?: unknown } | undefined)?.address;
  return (
    <Card title={t('unitPage.location.title')}>
      {lat === undefined || lng === undefined ? (
        <Text c="dimmed">{t('unitPage.location.none')}</Text>
      ) : (
        <Stack gap={2}>
          <Text fz="sm">{t('unitPage.location.coords', { lat: lat.toFixed(5), lng: lng.toFixed(5) })}</Text>
          <Text fz="sm" c="dimmed">
            {typeof address === 'string' && address !== '' ? address : t('unitPage.location.noAddress')}
          </Text>
        </Stack>
      )}
    </Card>
  );
}

/** Alerts of the unit (spec 000 §3: severity warning or critical; battery, camera disconnected). */
export function AlertsCard({ alerts }: { alerts: readonly UnitAlertRow[] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('unitPage.alerts.title')}>
      {alerts.length === 0 ? (
        <Text c="dimmed">{t('unitPage.alerts.none')}</Text>
      ) : (
        <Stack gap={4}>
          {alerts.map((alert) => (
            <Group key={alert.id} justify="space-between">
              <Text fz="sm">{t(`unitPage.alerts.type.${alert.type}`, { defaultValue: alert.type })}</Text>
              <Group gap={4}>
                <Badge color={alert.severity === 'critical' ? 'red' : 'yellow'} variant="light">
                  {t(`unitPage.alerts.severity.${alert.severity ?? 'warning'}`)}
                </Badge>
                <Badge color={alert.active ? 'red' : 'gray'} variant="outline">
                  {t(alert.active ? 'unitPage.alerts.active' : 'unitPage.alerts.cleared')}
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The last speed test's result, when the worker carries it on the unit view (unit.speedtest). */
export function SpeedTestCard({ result }: { result: unknown }) {
  const { t } = useTranslation();
  const r = typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : null;
  const kbps = (key: string) => (typeof r?.[key] === 'number' ? formatBitrate(r[key] as number) : '—');
  return (
    <Card title={t('unitPage.speedTest.result')}>
      {r === null ? (
        <Text c="dimmed">{t('unitPage.speedTest.noResult')}</Text>
      ) : (
        <SimpleGrid cols={3} data-testid="speed-test-result">
          <Text fz="sm">{t('unitPage.speedTest.uplink', { value: kbps('uplinkKbps') })}</Text>
          <Text fz="sm">{t('unitPage.speedTest.downlink', { value: kbps('downlinkKbps') })}</Text>
          <Text fz="sm">{t('unitPage.speedTest.latency', { value: typeof r['latencyMs'] === 'number' ? r['latencyMs'] : '—' })}</Text>
        </SimpleGrid>
      )}
    </Card>
  );
}

export { Card, Table };
