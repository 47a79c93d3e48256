/**
 * Edit server (spec 001 §2 "edit server (tabs General, Server Info, SMPTE 2110, IP Pipe)"): a drawer
 * other screens may reuse (the system entities' server tabs): give it a server row. Each tab saves
 * on its own; the domain's rules (src/domain/serverConfig.ts) check as the user types and the
 * server checks again with the same words, which land on the field they name (the IFB mode's
 * refusal lists every reason of spec 001 §8). Server Info needs 8.5, restart 6.4 (spec 001 §9).
 */
import { useSavedNotice } from '../../components/admin/useSavedNotice.ts';
import { useState } from 'react';
import { Alert, Badge, Button, Drawer, Group, NumberInput, ScrollArea, Select, SimpleGrid, Stack, Switch, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { useMay } from '../../app/useMay.ts';
import { SupportAccessPanel } from '../supportAccess/SupportAccessPanel.tsx';
import { showError, showSuccess } from '../../components/toasts.ts';
import { useServerLive } from '../../fleet/hooks.ts';
import { CLOUD_REGIONS, IFB_MODES, IP_PIPE_PROTOCOLS, SERVER_GATE_MESSAGE, SERVER_TYPE_LABELS, type IfbMode } from '../../domain/servers.ts';
import { ipPipeErrors, mmhConfigurationErrors, serverGeneralErrors, serverSmpteErrors, vrConfigurationErrors } from '../../domain/serverConfig.ts';
import { formatMessage } from '../../domain/validation/messages.ts';
import { VERSION_GATES } from '../../domain/versions.ts';
import type { ServerRow } from '../../protocol/rest/servers.ts';
import { TabFooter } from '../channels/ChannelEditor.tsx';
import {
  deviceKeys,
  fetchCapabilities,
  fetchIngestChannels,
  fetchIpPipe,
  fetchIps,
  fetchMmhConfiguration,
  fetchServices,
  fetchSmpte,
  fetchSpecifications,
  fetchVrConfiguration,
  invalidateDevices,
  restartServer,
  saveIpPipe,
  saveMmhConfiguration,
  saveServer,
  saveSmpte,
  saveVrConfiguration,
} from './queries.ts';
import { liveServer, formatUpTime } from './serverLive.ts';
import { SERVICES_STALE_MS } from '../../domain/constants.ts';

export const SERVER_TABS = ['general', 'serverInfo', 'smpte', 'ipPipe'] as const;

/** The number a form field holds ('' while empty). */
const num = (v: number | string): number | null => (v === '' || v === null ? null : Number(v));

/** After a save: the lists reload and the tab says so. */
const useSaved = () => useSavedNotice(invalidateDevices);

export function EditServerDrawer({ server: row, onClose }: { readonly server: ServerRow; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const canSave = useMay('servers.admin');
  const seesSupport = useMay('support.read');
  const server = liveServer(row, useServerLive(row.deviceId));
  const capabilities = useQuery({ queryKey: deviceKeys.server(row.deviceId, 'capabilities'), queryFn: ({ signal }) => fetchCapabilities(row.deviceId, signal) });
  const queryClient = useQueryClient();
  const [restarting, setRestarting] = useState(false);
  const restartGate = capabilities.data?.gates.restartServer ?? false;
  const restart = async () => {
    setRestarting(true);
    try {
      await restartServer(row.deviceId);
      showSuccess(t('devices.server.restarted', { name: row.name }));
      void invalidateDevices(queryClient);
    } catch (error) {
      showError(error);
    } finally {
      setRestarting(false);
    }
  };
  return (
    <Drawer opened onClose={onClose} title={t('devices.server.title', { name: row.name })} position="right" size={680} scrollAreaComponent={ScrollArea.Autosize} closeButtonProps={{ 'aria-label': t('kit.form.close') }}>
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="light" color={server.state === 'busy' ? 'green' : server.state === 'idle' ? 'blue' : 'gray'} data-testid="server-state">
            {t(`devices.state.${server.state}`)}
          </Badge>
          <Text fz="sm" c="dimmed">
            {t('devices.server.facts', { type: SERVER_TYPE_LABELS[row.type], version: row.swVersion, upTime: formatUpTime(server.upTime) })}
          </Text>
          {canSave && (
            <Button size="xs" variant="default" ml="auto" loading={restarting} disabled={!restartGate || server.state === 'offline'} onClick={() => void restart()} title={restartGate ? undefined : formatMessage(SERVER_GATE_MESSAGE, { 0: VERSION_GATES.restartServer })}>
              {t('devices.server.restart')}
            </Button>
          )}
        </Group>
        <Tabs defaultValue="general" keepMounted={false}>
          <Tabs.List>
            {SERVER_TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`devices.server.tabs.${tab}`)}
              </Tabs.Tab>
            ))}
            {seesSupport && <Tabs.Tab value="support">{t('devices.server.tabs.support')}</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="general" pt="md">
            <GeneralTab server={row} canSave={canSave} />
          </Tabs.Panel>
          <Tabs.Panel value="serverInfo" pt="md">
            <ServerInfoTab server={row} gate={capabilities.data?.gates.serverInfo} canSave={canSave} />
          </Tabs.Panel>
          <Tabs.Panel value="smpte" pt="md">
            {row.type === 'mmh' ? <SmpteTab id={row.deviceId} canSave={canSave} /> : <NotForType />}
          </Tabs.Panel>
          <Tabs.Panel value="ipPipe" pt="md">
            {row.type === 'mmh' ? <IpPipeTab id={row.deviceId} canSave={canSave} /> : <NotForType />}
          </Tabs.Panel>
          {seesSupport && (
            <Tabs.Panel value="support" pt="md">
              <SupportAccessPanel kind="server" id={row.deviceId} />
            </Tabs.Panel>
          )}
        </Tabs>
      </Stack>
    </Drawer>
  );
}

function NotForType() {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" fz="sm">
      {t('devices.server.notForType')}
    </Text>
  );
}

interface GeneralValues extends Record<string, unknown> {
  name: string;
  alias: string;
  maxChannels: number | string;
  ifbMode: IfbMode;
  cloudRegion: string;
}

function GeneralTab({ server, canSave }: { server: ServerRow; canSave: boolean }) {
  const { t } = useTranslation();
  const done = useSaved();
  const { form, submitting, formError, onSubmit } = useEntityForm<GeneralValues, unknown>({
    initialValues: { name: server.name, alias: server.alias, maxChannels: server.maxChannels, ifbMode: server.ifbMode, cloudRegion: server.cloudRegion },
    // Names of the other servers are the server's to check (it knows them all).
    validate: (v) => serverGeneralErrors(v, []),
    save: (v) => {
      done.reset();
      return saveServer(server.deviceId, {
        name: v.name,
        alias: v.alias,
        maxChannels: num(v.maxChannels),
        cloudRegion: v.cloudRegion,
        ...(v.ifbMode !== server.ifbMode ? { ifbMode: v.ifbMode } : {}),
      });
    },
    onSaved: done.onSaved,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('devices.server.fields.name')} withAsterisk readOnly={!canSave} {...form.getInputProps('name')} />
        <TextInput label={t('devices.server.fields.alias')} readOnly={!canSave} {...form.getInputProps('alias')} />
        <NumberInput label={t('devices.server.fields.maxChannels')} description={t('devices.server.fields.maxChannelsHint')} withAsterisk readOnly={!canSave} allowDecimal={false} {...form.getInputProps('maxChannels')} />
        <Select label={t('devices.server.fields.ifbMode')} data={[...IFB_MODES]} readOnly={!canSave} {...form.getInputProps('ifbMode')} />
        <Select
          label={t('devices.server.fields.cloudRegion')}
          data={[{ value: '', label: t('devices.server.noRegion') }, ...CLOUD_REGIONS.map((r) => ({ value: r, label: r }))]}
          readOnly={!canSave}
          {...form.getInputProps('cloudRegion')}
        />
        <TabFooter formError={formError} submitting={submitting} canSave={canSave} saved={done.saved} />
      </Stack>
    </form>
  );
}

function ServerInfoTab({ server, gate, canSave }: { server: ServerRow; gate: boolean | undefined; canSave: boolean }) {
  const { t } = useTranslation();
  const live = liveServer(server, useServerLive(server.deviceId));
  const specs = useQuery({ queryKey: deviceKeys.server(server.deviceId, 'specifications'), queryFn: ({ signal }) => fetchSpecifications(server.deviceId, signal), enabled: gate === true });
  const services = useQuery({ queryKey: deviceKeys.server(server.deviceId, 'services'), queryFn: ({ signal }) => fetchServices(server.deviceId, signal), staleTime: SERVICES_STALE_MS });
  const ips = useQuery({ queryKey: deviceKeys.server(server.deviceId, 'ips'), queryFn: ({ signal }) => fetchIps(server.deviceId, signal) });
  if (gate === false)
    return (
      <Alert color="yellow" variant="light">
        {formatMessage(SERVER_GATE_MESSAGE, { 0: VERSION_GATES.serverInfo })}
      </Alert>
    );
  const facts: [string, string][] = [
    [t('devices.server.info.serial'), server.serialNumber],
    [t('devices.server.info.version'), server.swVersion],
    [t('devices.server.info.upTime'), formatUpTime(live.upTime)],
    [t('devices.server.info.usage'), t('devices.usage', { cpu: live.serverUsage.cpuPercent, memory: live.serverUsage.memoryPercent, kbps: live.serverUsage.bandwidthKbps })],
    [t('devices.server.info.tally'), t(`devices.hw.${live.tallyHwStatus}`)],
    [t('devices.server.info.audio'), t(`devices.hw.${live.audioHwStatus}`)],
    [t('devices.server.info.ips'), ips.data === undefined ? '…' : [...ips.data.internal, ...ips.data.external].join(', ')],
  ];
  if (specs.data !== undefined) {
    const s = specs.data;
    facts.push([t('devices.server.info.model'), s.model], [t('devices.server.info.cpu'), `${s.cpu} (${s.cores})`], [t('devices.server.info.memory'), `${s.memoryGb} GB`], [t('devices.server.info.storage'), `${s.storageGb} GB`], [t('devices.server.info.os'), s.os], [t('devices.server.info.gpu'), s.gpu], [t('devices.server.info.sdi'), String(s.sdiPorts)]);
  }
  return (
    <Stack gap="md">
      <Table withTableBorder striped data-testid="server-info">
        <Table.Tbody>
          {facts.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={180}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={4}>
        <Text fw={600} fz="sm">
          {t('devices.server.info.services')}
        </Text>
        <Group gap={6}>
          {(services.data?.servicesData.list ?? []).map((s) => (
            <Badge key={s.name} variant="outline" color={s.state === 'active' ? 'green' : 'gray'}>
              {s.name}
            </Badge>
          ))}
        </Group>
        {services.data !== undefined && (
          <Text fz="xs" c="dimmed">
            {t('devices.server.info.servicesUpdated', { time: new Date(services.data.servicesData.lastUpdate).toLocaleString() })}
          </Text>
        )}
      </Stack>
      {server.type === 'mmh' && <MmhConfigurationForm id={server.deviceId} canSave={canSave} />}
      {server.type === 'videoReturn' && <VrConfigurationForm id={server.deviceId} canSave={canSave} />}
      {server.type === 'ingest' && <IngestChannels id={server.deviceId} />}
    </Stack>
  );
}

function MmhConfigurationForm({ id, canSave }: { id: string; canSave: boolean }) {
  const query = useQuery({ queryKey: deviceKeys.server(id, 'mmh'), queryFn: ({ signal }) => fetchMmhConfiguration(id, signal) });
  return query.data === undefined ? null : <MmhForm id={id} canSave={canSave} initial={query.data.configuration} />;
}

function MmhForm({ id, canSave, initial }: { id: string; canSave: boolean; initial: { recordingEnabled: boolean; storageQuotaGb: number | null; retentionDays: number | null } }) {
  const { t } = useTranslation();
  const done = useSaved();
  const { form, submitting, formError, onSubmit } = useEntityForm({
    initialValues: { recordingEnabled: initial.recordingEnabled, storageQuotaGb: initial.storageQuotaGb ?? ('' as number | string), retentionDays: initial.retentionDays ?? ('' as number | string) },
    validate: (v) => mmhConfigurationErrors(v),
    save: (v) => {
      done.reset();
      return saveMmhConfiguration(id, { recordingEnabled: v.recordingEnabled, storageQuotaGb: num(v.storageQuotaGb), retentionDays: num(v.retentionDays) });
    },
    onSaved: done.onSaved,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Text fw={600} fz="sm">
          {t('devices.server.mmh.title')}
        </Text>
        <Switch label={t('devices.server.mmh.recording')} disabled={!canSave} {...form.getInputProps('recordingEnabled', { type: 'checkbox' })} />
        <SimpleGrid cols={2}>
          <NumberInput label={t('devices.server.mmh.quota')} readOnly={!canSave} allowDecimal={false} {...form.getInputProps('storageQuotaGb')} />
          <NumberInput label={t('devices.server.mmh.retention')} readOnly={!canSave} allowDecimal={false} {...form.getInputProps('retentionDays')} />
        </SimpleGrid>
        <TabFooter formError={formError} submitting={submitting} canSave={canSave} saved={done.saved} />
      </Stack>
    </form>
  );
}

function VrConfigurationForm({ id, canSave }: { id: string; canSave: boolean }) {
  const query = useQuery({ queryKey: deviceKeys.server(id, 'vr'), queryFn: ({ signal }) => fetchVrConfiguration(id, signal) });
  return query.data === undefined ? null : <VrForm id={id} canSave={canSave} initial={query.data.configuration} />;
}

function VrForm({ id, canSave, initial }: { id: string; canSave: boolean; initial: { maxReceivers: number | null; latencyMs: number | null } }) {
  const { t } = useTranslation();
  const done = useSaved();
  const { form, submitting, formError, onSubmit } = useEntityForm({
    initialValues: { maxReceivers: initial.maxReceivers ?? ('' as number | string), latencyMs: initial.latencyMs ?? ('' as number | string) },
    validate: (v) => vrConfigurationErrors(v),
    save: (v) => {
      done.reset();
      return saveVrConfiguration(id, { maxReceivers: num(v.maxReceivers), latencyMs: num(v.latencyMs) });
    },
    onSaved: done.onSaved,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Text fw={600} fz="sm">
          {t('devices.server.vr.title')}
        </Text>
        <SimpleGrid cols={2}>
          <NumberInput label={t('devices.server.vr.receivers')} readOnly={!canSave} allowDecimal={false} {...form.getInputProps('maxReceivers')} />
          <NumberInput label={t('devices.server.vr.latency')} readOnly={!canSave} allowDecimal={false} {...form.getInputProps('latencyMs')} />
        </SimpleGrid>
        <TabFooter formError={formError} submitting={submitting} canSave={canSave} saved={done.saved} />
      </Stack>
    </form>
  );
}

function IngestChannels({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: deviceKeys.server(id, 'ingestChannels'), queryFn: ({ signal }) => fetchIngestChannels(id, signal) });
  const channels = query.data?.channels ?? [];
  return (
    <Stack gap={4}>
      <Text fw={600} fz="sm">
        {t('devices.server.ingestChannels')}
      </Text>
      {channels.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('devices.server.noIngestChannels')}
        </Text>
      ) : (
        channels.map((c) => (
          <Text key={c.id} fz="sm">
            {c.name} — {c.status}
          </Text>
        ))
      )}
    </Stack>
  );
}

function SmpteTab({ id, canSave }: { id: string; canSave: boolean }) {
  const query = useQuery({ queryKey: deviceKeys.server(id, 'smpte'), queryFn: ({ signal }) => fetchSmpte(id, signal) });
  return query.data === undefined ? null : <SmpteForm id={id} canSave={canSave} answer={query.data} />;
}

function SmpteForm({ id, canSave, answer }: { id: string; canSave: boolean; answer: Awaited<ReturnType<typeof fetchSmpte>> }) {
  const { t } = useTranslation();
  const done = useSaved();
  const s = answer.smpte;
  const { form, submitting, formError, onSubmit } = useEntityForm({
    initialValues: { enabled: s.enabled, ptpDomain: s.ptpDomain ?? ('' as number | string), basePort: s.basePort ?? ('' as number | string), genlockOffset: s.genlockOffset ?? ('' as number | string) },
    validate: (v) => serverSmpteErrors(v, answer.bounds),
    save: (v) => {
      done.reset();
      return saveSmpte(id, { enabled: v.enabled, ptpDomain: num(v.ptpDomain), basePort: num(v.basePort), genlockOffset: num(v.genlockOffset) });
    },
    onSaved: done.onSaved,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Switch label={t('devices.server.smpte.enabled')} disabled={!canSave} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <NumberInput label={t('devices.server.smpte.ptpDomain')} description={t('devices.server.bounds', answer.bounds.ptpDomain)} readOnly={!canSave} allowDecimal={false} {...form.getInputProps('ptpDomain')} />
        <NumberInput label={t('devices.server.smpte.basePort')} description={t('devices.server.bounds', answer.bounds.port)} readOnly={!canSave} allowDecimal={false} {...form.getInputProps('basePort')} />
        <NumberInput label={t('devices.server.smpte.genlockOffset')} description={t('devices.server.bounds', { min: -511, max: 511 })} readOnly={!canSave} allowDecimal={false} {...form.getInputProps('genlockOffset')} />
        <TabFooter formError={formError} submitting={submitting} canSave={canSave} saved={done.saved} />
      </Stack>
    </form>
  );
}

function IpPipeTab({ id, canSave }: { id: string; canSave: boolean }) {
  const query = useQuery({ queryKey: deviceKeys.server(id, 'ipPipe'), queryFn: ({ signal }) => fetchIpPipe(id, signal) });
  // The notice lives here, not in the form: the first save creates the pipe, the refetch that
  // follows mounts the form anew (key 'new' → 'set'), and "Saved" must still be shown after it.
  const done = useSaved();
  return query.data === undefined ? null : <IpPipeForm key={query.data.ipPipe === null ? 'new' : 'set'} id={id} canSave={canSave} pipe={query.data.ipPipe} done={done} />;
}

function IpPipeForm({ id, canSave, pipe, done }: { id: string; canSave: boolean; pipe: Awaited<ReturnType<typeof fetchIpPipe>>['ipPipe']; done: ReturnType<typeof useSaved> }) {
  const { t } = useTranslation();
  const { form, submitting, formError, onSubmit } = useEntityForm({
    initialValues: {
      enabled: pipe?.enabled ?? false,
      destinationHost: pipe?.destinationHost ?? '',
      port: pipe?.port ?? (9000 as number | string),
      bitrateKbps: pipe?.bitrateKbps ?? (500 as number | string),
      protocol: pipe?.protocol ?? ('udp' as 'udp' | 'tcp'),
    },
    validate: (v) => ipPipeErrors(v),
    save: (v) => {
      done.reset();
      return saveIpPipe(id, { enabled: v.enabled, destinationHost: v.destinationHost, port: num(v.port), bitrateKbps: num(v.bitrateKbps), protocol: v.protocol }, pipe !== null);
    },
    onSaved: done.onSaved,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {pipe === null && (
          <Text fz="sm" c="dimmed">
            {t('devices.server.ipPipe.none')}
          </Text>
        )}
        <Switch label={t('devices.server.ipPipe.enabled')} disabled={!canSave} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <TextInput label={t('devices.server.ipPipe.host')} readOnly={!canSave} {...form.getInputProps('destinationHost')} />
        <SimpleGrid cols={2}>
          <NumberInput label={t('devices.server.ipPipe.port')} readOnly={!canSave} allowDecimal={false} {...form.getInputProps('port')} />
          <NumberInput label={t('devices.server.ipPipe.bitrate')} description={t('devices.server.ipPipe.bitrateHint')} readOnly={!canSave} allowDecimal={false} {...form.getInputProps('bitrateKbps')} />
        </SimpleGrid>
        <Select label={t('devices.server.ipPipe.protocol')} data={IP_PIPE_PROTOCOLS.map((p) => ({ value: p, label: p.toUpperCase() }))} readOnly={!canSave} {...form.getInputProps('protocol')} />
        <TabFooter formError={formError} submitting={submitting} canSave={canSave} saved={done.saved} />
      </Stack>
    </form>
  );
}
