import { Alert, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../components/toasts.ts';
import { useFleet } from '../../../fleet/hooks.ts';
import { fetchDatabridgeGateways, fetchSelectedGateway, selectGateway, startDatabridge, stopDatabridge } from '../api/unitCalls.ts';
import type { UnitDetails } from '../model/unitDetails.ts';
import { useUnitAction } from '../useUnitPage.ts';

type Gateway = { uid: string; name: string };

const gatewaysOf = (body: unknown): Gateway[] => {
  const list = typeof body === 'object' && body !== null ? (body as { gateways?: unknown }).gateways : undefined;
  return Array.isArray(list) ? list.flatMap((g: { uid?: unknown; name?: unknown }) => (typeof g.uid === 'string' ? [{ uid: g.uid, name: typeof g.name === 'string' ? g.name : g.uid }] : [])) : [];
};

/** Databridge: the DataBridge Gateway the unit uses, start and stop (connecting, then connected; spec 000 §7). */
export function DatabridgeTab({ unitId, details, enabled }: { unitId: string; details: UnitDetails | undefined; enabled: boolean }) {
  const { t } = useTranslation();
  const fleet = useFleet();
  const gateways = useQuery({ queryKey: ['session', 'unit', unitId, 'dbgateways'], queryFn: () => fetchDatabridgeGateways(unitId), retry: false });
  const selected = useQuery({ queryKey: ['session', 'unit', unitId, 'dbgateway'], queryFn: () => fetchSelectedGateway(unitId) });
  const selectedId = (selected.data as { gatewayId?: string | null } | undefined)?.gatewayId ?? null;
  const choose = useUnitAction(unitId, (id: string | null) => selectGateway(unitId, id), 'unitPage.toast.saved');
  const start = useUnitAction(unitId, () => startDatabridge(unitId), 'unitPage.toast.databridgeStarting');
  const stop = useUnitAction(unitId, () => stopDatabridge(unitId), 'unitPage.toast.databridgeStopping');
  const state = details?.applications['databridge'];
  const active = details !== undefined && 'databridge' in details.applications;
  return (
    <Stack maw={640}>
      <Group>
        <Text fw={600}>{t('unitPage.databridge.state')}</Text>
        <Badge color={state === 'connected' ? 'teal' : active ? 'yellow' : 'gray'} data-testid="databridge-state">
          {t(`unitPage.connection.${active ? (state === 'connected' ? 'connected' : 'connecting') : 'notConnected'}`)}
        </Badge>
      </Group>
      {gateways.isError ? (
        <Alert color="gray">{errorMessageOf(gateways.error)}</Alert>
      ) : (
        <Select
          label={t('unitPage.databridge.gateway')}
          placeholder={t('unitPage.databridge.none')}
          data={gatewaysOf(gateways.data).map((g) => ({ value: g.uid, label: g.name }))}
          value={selectedId}
          clearable
          disabled={!enabled || active}
          onChange={(value) => choose.mutate([value], { onSuccess: () => void selected.refetch() })}
        />
      )}
      <Group>
        <Button
          color="teal"
          disabled={!enabled || active}
          onClick={() => {
            void fleet.beginTransition(unitId, 'databridge', 'connecting');
            start.mutate([]);
          }}
        >
          {t('unitPage.databridge.start')}
        </Button>
        <Button
          color="red"
          variant="light"
          disabled={!enabled || !active}
          onClick={() => {
            void fleet.beginTransition(unitId, 'databridge', 'disconnecting');
            stop.mutate([]);
          }}
        >
          {t('unitPage.databridge.stop')}
        </Button>
      </Group>
    </Stack>
  );
}
