import { Badge, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ipOrDns, required } from '../../../domain/validation/fields.ts';
import { firstError } from '../../../domain/validation/check.ts';
import { ipPipePort } from '../../../domain/validation/ports.ts';
import { useFleet } from '../../../fleet/hooks.ts';
import type { UnitView } from '../../../../workers/pipeline/diff.ts';
import { connectIpPipe, disconnectIpPipe, saveIpPipe, type IpPipeBody } from '../api/unitCalls.ts';
import { ipPipeState } from '../model/ipPipeState.ts';
import { settingOf, type UnitDetails } from '../model/unitDetails.ts';
import { useUnitAction } from '../useUnitPage.ts';
import { FormFooter } from './FormFooter.tsx';
import { useFormSave } from './useFormSave.ts';

const STATE_COLOURS = { connected: 'teal', connecting: 'yellow', disconnecting: 'yellow', notConnected: 'gray', failed: 'red' } as const;

/** IP pipe (spec 000 §4, §7, §9 "IP pipe is for under 1 Mbps"): destination and port, connect and disconnect with their states. */
export function IpPipeTab({ unitId, details, view, enabled }: { unitId: string; details: UnitDetails; view: UnitView; enabled: boolean }) {
  const { t } = useTranslation();
  const fleet = useFleet();
  const saved = settingOf(details, 'ipPipe');
  const form = useForm<{ destination: string; port: number | string; protocol: 'udp' | 'tcp' }>({
    initialValues: {
      destination: typeof saved['destination'] === 'string' ? saved['destination'] : '',
      port: typeof saved['port'] === 'number' || typeof saved['port'] === 'string' ? saved['port'] : '',
      protocol: saved['protocol'] === 'tcp' ? 'tcp' : 'udp',
    },
    validate: { destination: (value) => firstError(value, [required, ipOrDns]), port: (value) => ipPipePort(value) },
  });
  const { save, formError } = useFormSave(unitId, form, (values: IpPipeBody) => saveIpPipe(unitId, values), { destination: 'destination', port: 'port' });
  const connect = useUnitAction(unitId, () => connectIpPipe(unitId), 'unitConfig.toast.ipPipeConnecting', 'ipPipe');
  const disconnect = useUnitAction(unitId, () => disconnectIpPipe(unitId), 'unitConfig.toast.ipPipeDisconnecting', 'ipPipe');
  const state = ipPipeState(view.transition, { present: 'l2ControlPipe' in details.applications, state: details.applications['l2ControlPipe'] });
  const up = state === 'connected' || state === 'connecting';
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        <Group>
          <Text fw={600}>{t('unitConfig.ipPipe.state')}</Text>
          <Badge color={STATE_COLOURS[state]} data-testid="ip-pipe-state">
            {t(`unitConfig.ipPipe.states.${state}`)}
          </Badge>
        </Group>
        <Text c="dimmed" fz="sm">
          {t('unitConfig.ipPipe.hint')}
        </Text>
        <SimpleGrid cols={3}>
          <TextInput label={t('unitConfig.ipPipe.destination')} withAsterisk disabled={!enabled} {...form.getInputProps('destination')} />
          <NumberInput label={t('unitConfig.ipPipe.port')} withAsterisk min={1} max={65535} disabled={!enabled} {...form.getInputProps('port')} />
          <Select label={t('unitConfig.ipPipe.protocol')} data={[{ value: 'udp', label: 'UDP' }, { value: 'tcp', label: 'TCP' }]} disabled={!enabled} {...form.getInputProps('protocol')} />
        </SimpleGrid>
        <FormFooter error={formError} saving={save.isPending} disabled={!enabled} />
        <Group>
          <Button
            color="teal"
            disabled={!enabled || up || state === 'disconnecting'}
            onClick={() => {
              void fleet.beginTransition(unitId, 'ipPipe', 'connecting');
              connect.mutate([]);
            }}
          >
            {t('unitConfig.ipPipe.connect')}
          </Button>
          <Button
            color="red"
            variant="light"
            disabled={!enabled || !up}
            onClick={() => {
              void fleet.beginTransition(unitId, 'ipPipe', 'disconnecting');
              disconnect.mutate([]);
            }}
          >
            {t('unitConfig.ipPipe.disconnect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
