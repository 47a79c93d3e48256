/**
 * The channel editor (spec 001 §2): a drawer with the tabs General, Multipoint, NDI, Streaming,
 * Graphics Overlay and SMPTE 2110, and the Tally, IFB and Audio interfaces dialogs. Each tab saves
 * on its own; the domain's rules (src/domain/channelConfig.ts) check as the user types and the
 * server checks again with the same words, which land on the field they name. Version gates (force
 * output 6.1.2, multipoint 5.0, graphics overlay 8.0) come from the channel's capabilities.
 */
import { useSavedNotice } from '../../components/admin/useSavedNotice.ts';
import { useState } from 'react';
import { Alert, Badge, Button, Drawer, Group, MultiSelect, NumberInput, ScrollArea, Select, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { useMay } from '../../app/useMay.ts';
import { CHANNEL_WARNING_MESSAGES, channelWarnings, DELIVERY_MODES } from '../../domain/channels.ts';
import { channelEntity, generalErrors, gateError, multipointErrors, ndiErrors, SMPTE_FLAVORS, smpteConfigured, smpteErrors, type ChannelConfig } from '../../domain/channelConfig.ts';
import { useGroups } from '../../api/queries.ts';
import type { ChannelCapabilities } from '../../protocol/rest/channels.ts';
import type { FormErrors } from '../../domain/validation/check.ts';
import { channelKeys, fetchCapabilities, fetchPtmp, fetchSmpte, invalidateChannels, saveConfiguration, savePtmp, saveSmpte } from './queries.ts';
import type { LiveChannel } from './useLiveChannels.ts';
import { StreamingTab } from './StreamingTab.tsx';
import { OverlayTab } from './OverlayTab.tsx';
import { AudioInterfacesDialog, IfbDialog, IngestDialog, TallyDialog } from './ChannelDialogs.tsx';

export const EDITOR_TABS = ['general', 'multipoint', 'ndi', 'streaming', 'overlay', 'smpte'] as const;
type Dialog = 'tally' | 'ifb' | 'audio' | 'ingest' | null;

export function ChannelEditor({ channel, onClose }: { readonly channel: LiveChannel; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const canConfigure = useMay('channels.configure');
  const [dialog, setDialog] = useState<Dialog>(null);
  const capabilities = useQuery({ queryKey: channelKeys.one(channel.id, 'capabilities'), queryFn: ({ signal }) => fetchCapabilities(channel.id, signal) });
  const groups = useGroups();
  // spec 001 §8 channel warnings for streaming to it: busy, offline, external (not in the user's groups), SMPTE configuration missing, no 4K.
  const warnings = channelWarnings(
    channelEntity({ id: channel.id, name: channel.name, status: channel.status, config: channel.config, liveuVersion: channel.liveuVersion, supports4k: capabilities.data?.supports4k ?? false }),
    {
      purpose: 'stream',
      inUserGroups: channel.groupId === null || groups.data === undefined || groups.data.some((g) => g.uid === channel.groupId),
      smpteConfigured: channel.config.smpte.flavor === null || smpteConfigured(channel.config.smpte),
    },
  );
  return (
    <Drawer opened onClose={onClose} title={t('channels.editor.title', { name: channel.name })} position="right" size={680} scrollAreaComponent={ScrollArea.Autosize} closeButtonProps={{ 'aria-label': t('kit.form.close') }}>
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="light">{t(`channels.status.${channel.status}`)}</Badge>
          <Text fz="sm" c="dimmed">
            {t('channels.editor.server', { server: channel.serverName ?? '—', version: channel.liveuVersion ?? '—' })}
          </Text>
          {warnings.map((w) => (
            <Badge key={w} color="orange" variant="outline" data-testid="channel-warning">
              {CHANNEL_WARNING_MESSAGES[w]}
            </Badge>
          ))}
        </Group>
        {canConfigure && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setDialog('tally')}>
              {t('channels.dialogs.tally.open')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setDialog('ifb')}>
              {t('channels.dialogs.ifb.open')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setDialog('audio')}>
              {t('channels.dialogs.audio.open')}
            </Button>
            {channel.inventoryId !== null && (
              <Button size="xs" variant="default" onClick={() => setDialog('ingest')}>
                {t('channels.dialogs.ingest.open')}
              </Button>
            )}
          </Group>
        )}
        <Tabs defaultValue="general" keepMounted={false}>
          <Tabs.List>
            {EDITOR_TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`channels.tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="general" pt="md">
            <GeneralTab channel={channel} capabilities={capabilities.data} canSave={canConfigure} />
          </Tabs.Panel>
          <Tabs.Panel value="multipoint" pt="md">
            <MultipointTab channel={channel} canSave={canConfigure} />
          </Tabs.Panel>
          <Tabs.Panel value="ndi" pt="md">
            <NdiTab channel={channel} canSave={canConfigure} />
          </Tabs.Panel>
          <Tabs.Panel value="streaming" pt="md">
            <StreamingTab channel={channel} canSave={canConfigure} />
          </Tabs.Panel>
          <Tabs.Panel value="overlay" pt="md">
            <OverlayTab channel={channel} canSave={canConfigure} />
          </Tabs.Panel>
          <Tabs.Panel value="smpte" pt="md">
            <SmpteTab channel={channel} canSave={canConfigure} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {dialog === 'tally' && <TallyDialog channel={channel} onClose={() => setDialog(null)} />}
      {dialog === 'ifb' && <IfbDialog channel={channel} onClose={() => setDialog(null)} />}
      {dialog === 'audio' && <AudioInterfacesDialog channel={channel} onClose={() => setDialog(null)} />}
      {dialog === 'ingest' && <IngestDialog channel={channel} onClose={() => setDialog(null)} />}
    </Drawer>
  );
}

/** A tab's form footer: the refusal that names no field, then Save. */
export function TabFooter({ formError, submitting, canSave, saved }: { formError: string | null; submitting: boolean; canSave: boolean; saved: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {formError !== null && (
        <Alert color="red" variant="light" role="alert" title={t('kit.form.refused')}>
          {formError}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        {saved && (
          <Text fz="sm" c="green" role="status">
            {t('channels.editor.saved')}
          </Text>
        )}
        {canSave && (
          <Button type="submit" loading={submitting}>
            {t('kit.form.save')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** After a save: the lists reload and the tab says so. */
const useSaved = () => useSavedNotice(invalidateChannels);

type GeneralValues = Omit<ChannelConfig['general'], 'sdiNo'> & { name: string; sdiNo: number | string };

function GeneralTab({ channel, capabilities, canSave }: { channel: LiveChannel; capabilities: ChannelCapabilities | undefined; canSave: boolean }) {
  const { t } = useTranslation();
  const done = useSaved();
  const before = channel.config.general;
  const { form, submitting, formError, onSubmit } = useEntityForm<GeneralValues, unknown>({
    initialValues: { ...before, name: channel.name, sdiNo: before.sdiNo ?? '' },
    validate: (v) => {
      const errors: FormErrors<keyof GeneralValues & string> = generalErrors(v.name, { ...v, sdiNo: v.sdiNo === '' ? null : Number(v.sdiNo) }, {
        liveuVersion: channel.liveuVersion,
        // The licence is the server's to check (it knows the other outputs); the form checks the rest.
        otherOutputs: 0,
        outputLicence: Number.MAX_SAFE_INTEGER,
        takenNames: [],
        forceOutputBefore: before.forceOutput,
      });
      return errors;
    },
    save: (v) => {
      done.reset();
      const { name, sdiNo, ...general } = v;
      return saveConfiguration(channel.id, { name, general: { ...general, sdiNo: sdiNo === '' ? null : Number(sdiNo) } });
    },
    onSaved: done.onSaved,
  });
  const forceGate = capabilities !== undefined && !capabilities.gates.forceOutput ? gateError(channel.liveuVersion, 'forceOutput') : null;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('channels.general.name')} withAsterisk {...form.getInputProps('name')} disabled={!canSave} />
        <Group grow>
          <Switch label={t('channels.general.output')} {...form.getInputProps('output', { type: 'checkbox' })} disabled={!canSave} />
          <Switch label={t('channels.general.preview')} {...form.getInputProps('preview', { type: 'checkbox' })} disabled={!canSave} />
          <Switch label={t('channels.general.distributor')} {...form.getInputProps('distributor', { type: 'checkbox' })} disabled={!canSave} />
        </Group>
        {form.errors['output'] !== undefined && (
          <Text c="red" fz="sm" role="alert">
            {form.errors['output']}
          </Text>
        )}
        <Group grow>
          <Switch
            label={t('channels.general.forceOutput')}
            description={forceGate ?? undefined}
            {...form.getInputProps('forceOutput', { type: 'checkbox' })}
            disabled={!canSave || (forceGate !== null && !before.forceOutput)}
          />
          <Switch label={t('channels.general.forwardRtmp')} {...form.getInputProps('forwardRtmp', { type: 'checkbox' })} disabled={!canSave} />
          <Switch label={t('channels.general.recording')} {...form.getInputProps('recording', { type: 'checkbox' })} disabled={!canSave} />
        </Group>
        <Group grow>
          <NumberInput label={t('channels.general.sdiNo')} allowDecimal={false} {...form.getInputProps('sdiNo')} disabled={!canSave} />
          <Select
            label={t('channels.general.deliveryMode')}
            data={DELIVERY_MODES.map((m) => ({ value: m, label: t(`channels.general.delivery.${m}`) }))}
            {...form.getInputProps('deliveryMode')}
            disabled={!canSave}
          />
        </Group>
        <TextInput label={t('channels.general.broadcasterName')} {...form.getInputProps('broadcasterName')} disabled={!canSave} />
        {capabilities !== undefined && (
          <Text fz="xs" c="dimmed">
            {t('channels.general.licence', { used: capabilities.outputsInUse, licence: capabilities.outputLicence })}
          </Text>
        )}
        <TabFooter formError={formError} submitting={submitting} canSave={canSave} saved={done.saved} />
      </Stack>
    </form>
  );
}

function MultipointTab({ channel, canSave }: { channel: LiveChannel; canSave: boolean }) {
  const { t } = useTranslation();
  const done = useSaved();
  const ptmp = useQuery({ queryKey: channelKeys.one(channel.id, 'ptmp'), queryFn: ({ signal }) => fetchPtmp(channel.id, signal) });
  const gate = gateError(channel.liveuVersion, 'multipoint');
  const { form, submitting, formError, onSubmit } = useEntityForm<{ sharing: boolean; machines: string[] }, unknown>({
    initialValues: { sharing: channel.config.multipoint.sharing, machines: [...channel.config.multipoint.machines] },
    validate: (v) => multipointErrors(v, channel.liveuVersion),
    save: (v) => {
      done.reset();
      return savePtmp(channel.id, v.sharing, v.machines);
    },
    onSaved: done.onSaved,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {gate !== null && (
          <Alert color="yellow" variant="light">
            {gate}
          </Alert>
        )}
        <Switch label={t('channels.multipoint.sharing')} {...form.getInputProps('sharing', { type: 'checkbox' })} disabled={!canSave || gate !== null} />
        <MultiSelect
          label={t('channels.multipoint.machines')}
          description={t('channels.multipoint.machinesHint')}
          data={(ptmp.data?.servers ?? []).map((s) => ({ value: s.id, label: s.name }))}
          searchable
          {...form.getInputProps('machines')}
          disabled={!canSave || gate !== null}
        />
        <TabFooter formError={formError} submitting={submitting} canSave={canSave && gate === null} saved={done.saved} />
      </Stack>
    </form>
  );
}

function NdiTab({ channel, canSave }: { channel: LiveChannel; canSave: boolean }) {
  const { t } = useTranslation();
  const done = useSaved();
  const { form, submitting, formError, onSubmit } = useEntityForm<ChannelConfig['ndi'], unknown>({
    initialValues: channel.config.ndi,
    validate: (v) => ndiErrors(v),
    save: (ndi) => {
      done.reset();
      return saveConfiguration(channel.id, { ndi });
    },
    onSaved: done.onSaved,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Switch label={t('channels.ndi.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} disabled={!canSave} />
        <TextInput label={t('channels.ndi.sourceName')} {...form.getInputProps('sourceName')} disabled={!canSave} />
        <TabFooter formError={formError} submitting={submitting} canSave={canSave} saved={done.saved} />
      </Stack>
    </form>
  );
}

type SmpteValues = { flavor: string | null; genlockOffset: number | string; port: number | string; ptpDomain: number | string };
const numberOrNull = (value: number | string): number | null => (value === '' ? null : Number(value));

function SmpteTab({ channel, canSave }: { channel: LiveChannel; canSave: boolean }) {
  const { t } = useTranslation();
  const done = useSaved();
  const smpte = useQuery({ queryKey: channelKeys.one(channel.id, 'smpte'), queryFn: ({ signal }) => fetchSmpte(channel.id, signal) });
  const stored = channel.config.smpte;
  const bounds = smpte.data?.bounds;
  const toSmpte = (v: SmpteValues): ChannelConfig['smpte'] => ({
    flavor: (SMPTE_FLAVORS as readonly string[]).includes(v.flavor ?? '') ? (v.flavor as ChannelConfig['smpte']['flavor']) : null,
    genlockOffset: v.genlockOffset === '' ? Number.NaN : Number(v.genlockOffset),
    port: numberOrNull(v.port),
    ptpDomain: numberOrNull(v.ptpDomain),
  });
  const { form, submitting, formError, onSubmit } = useEntityForm<SmpteValues, unknown>({
    initialValues: { flavor: stored.flavor, genlockOffset: stored.genlockOffset, port: stored.port ?? '', ptpDomain: stored.ptpDomain ?? '' },
    validate: (v) => (bounds === undefined ? {} : smpteErrors(toSmpte(v), bounds)),
    save: (v) => {
      done.reset();
      return saveSmpte(channel.id, toSmpte(v));
    },
    onSaved: done.onSaved,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {smpte.data !== undefined && !smpte.data.configured && (
          <Alert color="yellow" variant="light">
            {t('channels.smpte.missing')}
          </Alert>
        )}
        <Select label={t('channels.smpte.flavor')} data={SMPTE_FLAVORS.map((f) => ({ value: f, label: `SMPTE ST ${f}` }))} clearable placeholder={t('channels.smpte.none')} {...form.getInputProps('flavor')} disabled={!canSave} />
        <NumberInput label={t('channels.smpte.genlockOffset')} description={t('channels.smpte.genlockHint')} allowDecimal={false} {...form.getInputProps('genlockOffset')} disabled={!canSave} />
        <Group grow>
          <NumberInput
            label={t('channels.smpte.port')}
            description={bounds !== undefined ? t('channels.smpte.between', { min: bounds.port.min, max: bounds.port.max }) : undefined}
            allowDecimal={false}
            {...form.getInputProps('port')}
            disabled={!canSave}
          />
          <NumberInput
            label={t('channels.smpte.ptpDomain')}
            description={bounds !== undefined ? t('channels.smpte.between', { min: bounds.ptpDomain.min, max: bounds.ptpDomain.max }) : undefined}
            allowDecimal={false}
            {...form.getInputProps('ptpDomain')}
            disabled={!canSave}
          />
        </Group>
        <TabFooter formError={formError} submitting={submitting} canSave={canSave} saved={done.saved} />
      </Stack>
    </form>
  );
}
