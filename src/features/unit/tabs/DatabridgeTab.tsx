import { Alert, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../components/toasts.ts';
import { fetchDatabridgeGateways, fetchSelectedGateway, selectGateway, startDatabridge, stopDatabridge } from '../api/unitCalls.ts';
import type { UnitDetails } from '../model/unitDetails.ts';
import { useUnitAction } from '../useUnitPage.ts';
import { ApplicationSwitchCard } from './ApplicationSwitchCard.tsx';

/** Databridge: the DataBridge Gateway the unit uses, start and stop (connecting, then connected; spec 000 §7). */
export function DatabridgeTab({ unitId, details, enabled }: { unitId: string; details: UnitDetails | undefined; enabled: boolean }) {
  const { t } = useTranslation();
  const gateways = useQuery({ queryKey: ['session', 'unit', unitId, 'dbgateways'], queryFn: () => fetchDatabridgeGateways(unitId), retry: false });
  const selected = useQuery({ queryKey: ['session', 'unit', unitId, 'dbgateway'], queryFn: () => fetchSelectedGateway(unitId) });
  const selectedId = selected.data?.gatewayId ?? null;
  const choose = useUnitAction(unitId, (id: string | null) => selectGateway(unitId, id), 'unitPage.toast.saved');
  const start = useUnitAction(unitId, () => startDatabridge(unitId), 'unitPage.toast.databridgeStarting', 'databridge');
  const stop = useUnitAction(unitId, () => stopDatabridge(unitId), 'unitPage.toast.databridgeStopping', 'databridge');
  const state = details?.applications['databridge'];
  const active = details !== undefined && 'databridge' in details.applications;
  return (
    <ApplicationSwitchCard
      unitId={unitId}
      button="databridge"
      title={t('unitPage.databridge.state')}
      badge={{
        color: state === 'connected' ? 'teal' : active ? 'yellow' : 'gray',
        label: t(`unitPage.connection.${active ? (state === 'connected' ? 'connected' : 'connecting') : 'notConnected'}`),
        testId: 'databridge-state',
      }}
      active={active}
      enabled={enabled}
      startLabel={t('unitPage.databridge.start')}
      stopLabel={t('unitPage.databridge.stop')}
      onStart={() => start.mutate([])}
      onStop={() => stop.mutate([])}
    >
      {gateways.isError ? (
        <Alert color="gray">{errorMessageOf(gateways.error)}</Alert>
      ) : (
        <Select
          label={t('unitPage.databridge.gateway')}
          placeholder={t('unitPage.databridge.none')}
          data={(gateways.data?.gateways ?? []).map((g) => ({ value: g.uid, label: g.name }))}
          value={selectedId}
          clearable
          disabled={!enabled || active}
          onChange={(value) => choose.mutate([value], { onSuccess: () => void selected.refetch() })}
        />
      )}
    </ApplicationSwitchCard>
  );
}
