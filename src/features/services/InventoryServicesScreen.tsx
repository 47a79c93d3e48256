/**
 * Inventory Services (spec 002 §2 /inventory_services, admin set; spec 001 §1 "Services: go plan,
 * smart plan, cloud graphics, AI, with free-trial dialogs"): the managed services of the chosen
 * inventory with their status (spec 001 §4), plan kind, trial dates and usage; a service whose
 * trial is on offer has "Start free trial", which opens the free-trial dialog with its terms
 * (spec 001 §9). The server decides; a refusal is shown in the dialog.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { messageOf } from '../../api/call.ts';
import { showSuccess } from '../../components/toasts.ts';
import { useMay } from '../../app/useMay.ts';
import { SERVICE_DISPLAY_LABELS, SERVICE_LABELS, type ServiceDisplayStatus } from '../../domain/services.ts';
import { GO_PLAN_TRIAL_DAYS, GRAPHICS_TRIAL_EXPIRES_IN_DAYS, GRAPHICS_TRIAL_HOURS, SMART_PLAN_TRIAL_DAYS } from '../../domain/constants.ts';
import type { ManagedService } from '../../protocol/rest/services.ts';
import { fetchInventoryServices, invalidateServices, serviceKeys, startTrial, useInventoryChoice } from './queries.ts';
import { InventorySelect } from './InventorySelect.tsx';

const STATUS_COLORS: Record<ServiceDisplayStatus, string> = {
  notEnabled: 'gray',
  onTrial: 'blue',
  trialExpired: 'orange',
  purchased: 'green',
  expired: 'red',
  overUsage: 'red',
};

export function InventoryServicesScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const canStart = useMay('services.admin');
  const choice = useInventoryChoice();
  const [offering, setOffering] = useState<ManagedService | null>(null);
  const services = useQuery({
    queryKey: serviceKeys.services(choice.inventoryId ?? ''),
    queryFn: ({ signal }) => fetchInventoryServices(choice.inventoryId!, signal),
    enabled: choice.inventoryId !== null,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <AdminPage title={t('routes.inventory_services')} description={t('services.description')} toolbar={<InventorySelect inventories={choice.inventories} value={choice.inventoryId} onChange={choice.setInventoryId} />}>
      {services.isPending && choice.inventoryId !== null && <Loader aria-label={t('services.loading')} />}
      {services.isError && (
        <Alert color="red" role="alert">
          {messageOf(services.error)}
        </Alert>
      )}
      {services.data !== undefined && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {services.data.services.map((service) => (
            <Card key={service.serviceName} withBorder radius="md" padding="md" data-testid={`service-${service.serviceName}`}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Title order={3} fz="md">
                    {SERVICE_LABELS[service.serviceName]}
                  </Title>
                  <Badge color={STATUS_COLORS[service.displayStatus]} variant="light">
                    {SERVICE_DISPLAY_LABELS[service.displayStatus]}
                  </Badge>
                </Group>
                <Text fz="xs" c="dimmed">
                  {service.serviceName}
                  {service.planKind !== null && ` · ${service.planKind}`}
                </Text>
                {service.trialEndsAt !== null && (
                  <Text fz="sm">{t(service.displayStatus === 'onTrial' ? 'services.trialEnds' : 'services.trialEnded', { date: date.format(service.trialEndsAt) })}</Text>
                )}
                {service.usage.kind !== 'na' && (
                  <Text fz="sm">
                    {t(service.usage.kind === 'data' ? 'services.usageData' : 'services.usageTime', {
                      used: service.usage.used,
                      limit: service.usage.limit ?? t('services.unlimited'),
                    })}
                  </Text>
                )}
                {service.trialAvailable && canStart && (
                  <Button size="xs" variant="light" mt={4} onClick={() => setOffering(service)}>
                    {t('services.startTrial')}
                  </Button>
                )}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {offering !== null && choice.inventoryId !== null && (
        <TrialDialog
          service={offering}
          inventoryName={services.data?.inventoryName ?? ''}
          onClose={() => setOffering(null)}
          onStart={async () => {
            const started = await startTrial(choice.inventoryId!, offering.serviceName);
            showSuccess(t('services.trialStarted', { service: SERVICE_LABELS[started.serviceName] }));
            await invalidateServices(queryClient);
            setOffering(null);
          }}
        />
      )}
    </AdminPage>
  );
}

/** The free-trial dialog: the trial's terms (spec 001 §9), Start, and the server's refusal in place. */
function TrialDialog({ service, inventoryName, onClose, onStart }: { service: ManagedService; inventoryName: string; onClose: () => void; onStart: () => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const label = SERVICE_LABELS[service.serviceName];
  const terms =
    service.serviceName === 'graphics'
      ? t('services.trialTerms.graphics', { hours: GRAPHICS_TRIAL_HOURS, days: GRAPHICS_TRIAL_EXPIRES_IN_DAYS })
      : t('services.trialTerms.plan', { service: label, days: service.serviceName === 'smart_plan' ? SMART_PLAN_TRIAL_DAYS : GO_PLAN_TRIAL_DAYS });
  return (
    <Modal opened onClose={onClose} title={t('services.trialTitle', { service: label })} centered closeButtonProps={{ 'aria-label': t('kit.form.close') }}>
      <Stack>
        <Text>{terms}</Text>
        <Text fz="sm" c="dimmed">
          {t('services.trialFor', { inventory: inventoryName })}
        </Text>
        {refusal !== null && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('kit.form.cancel')}
          </Button>
          <Button
            loading={busy}
            onClick={async () => {
              setBusy(true);
              setRefusal(null);
              try {
                await onStart();
              } catch (error) {
                setRefusal(messageOf(error));
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('services.startTrialConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default InventoryServicesScreen;
