/**
 * Edit device (spec 001 §2): a unit's or camera's General tab (name by the unit rename rule of spec
 * 000 §5, comment up to 100 characters) and its LU-Link settings (spec 000 §2 modal; fields ours:
 * on, the MMH or transceiver server of its inventory it links to, a bitrate cap).
 */
import { useSavedNotice } from '../../components/admin/useSavedNotice.ts';
import { Badge, Drawer, Group, NumberInput, ScrollArea, Select, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { useMay } from '../../app/useMay.ts';
import { SupportAccessPanel } from '../supportAccess/SupportAccessPanel.tsx';
import { unitNameErrors } from '../../domain/validation/names.ts';
import { unitComment } from '../../domain/validation/unitFields.ts';
import { luLinkErrors } from '../../domain/devices.ts';
import type { FormErrors } from '../../domain/validation/check.ts';
import type { UnitView } from '../../protocol/rest/units.ts';
import { TabFooter } from '../channels/ChannelEditor.tsx';
import { deviceKeys, fetchLuLink, invalidateDevices, saveLuLink, saveUnit } from './queries.ts';

export function EditDeviceDrawer({ unit, initialTab, onClose }: { readonly unit: UnitView; readonly initialTab: 'general' | 'luLink'; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const seesSupport = useMay('support.read');
  return (
    <Drawer opened onClose={onClose} title={t('devices.device.title', { name: unit.name })} position="right" size={560} scrollAreaComponent={ScrollArea.Autosize} closeButtonProps={{ 'aria-label': t('kit.form.close') }}>
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="light">{unit.type}</Badge>
          <Text fz="sm" c="dimmed">
            {t('devices.device.facts', { serial: unit.serial, version: unit.swVersion })}
          </Text>
        </Group>
        <Tabs defaultValue={initialTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="general">{t('devices.device.tabs.general')}</Tabs.Tab>
            <Tabs.Tab value="luLink">{t('devices.device.tabs.luLink')}</Tabs.Tab>
            {seesSupport && <Tabs.Tab value="support">{t('devices.device.tabs.support')}</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="general" pt="md">
            <GeneralTab unit={unit} />
          </Tabs.Panel>
          <Tabs.Panel value="luLink" pt="md">
            <LuLinkTab uid={unit.uid} />
          </Tabs.Panel>
          {seesSupport && (
            <Tabs.Panel value="support" pt="md">
              <SupportAccessPanel kind="unit" id={unit.uid} />
            </Tabs.Panel>
          )}
        </Tabs>
      </Stack>
    </Drawer>
  );
}

/** After a save: the lists reload and the tab says so. */
const useSaved = () => useSavedNotice(invalidateDevices);

function GeneralTab({ unit }: { unit: UnitView }) {
  const canSave = useMay('units.admin');
  const { t } = useTranslation();
  const done = useSaved();
  const { form, submitting, formError, onSubmit } = useEntityForm({
    initialValues: { name: unit.name, comment: unit.comment },
    validate: (v) => {
      const errors: FormErrors<'name' | 'comment'> = {};
      const name = unitNameErrors(v.name, []);
      if (name !== null) errors.name = name;
      const comment = unitComment(v.comment);
      if (comment !== null) errors.comment = comment;
      return errors;
    },
    save: (v) => {
      done.reset();
      return saveUnit(unit.uid, { name: v.name, comment: v.comment });
    },
    onSaved: done.onSaved,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('devices.device.name')} withAsterisk readOnly={!canSave} {...form.getInputProps('name')} />
        <TextInput label={t('devices.device.comment')} readOnly={!canSave} {...form.getInputProps('comment')} />
        <TabFooter formError={formError} submitting={submitting} canSave={canSave} saved={done.saved} />
      </Stack>
    </form>
  );
}

function LuLinkTab({ uid }: { uid: string }) {
  const query = useQuery({ queryKey: deviceKeys.luLink(uid), queryFn: ({ signal }) => fetchLuLink(uid, signal) });
  return query.data === undefined ? null : <LuLinkForm uid={uid} answer={query.data} />;
}

function LuLinkForm({ uid, answer }: { uid: string; answer: Awaited<ReturnType<typeof fetchLuLink>> }) {
  const canSave = useMay('devices.configure');
  const { t } = useTranslation();
  const done = useSaved();
  const { form, submitting, formError, onSubmit } = useEntityForm({
    initialValues: { enabled: answer.settings.enabled, serverId: answer.settings.serverId ?? '', maxBitrateKbps: answer.settings.maxBitrateKbps ?? (0 as number | string) },
    validate: (v) => luLinkErrors({ ...v, serverId: v.serverId === '' ? null : v.serverId }),
    save: (v) => {
      done.reset();
      return saveLuLink(uid, { enabled: v.enabled, serverId: v.serverId === '' ? null : v.serverId, maxBitrateKbps: v.maxBitrateKbps === '' ? null : Number(v.maxBitrateKbps) });
    },
    onSaved: done.onSaved,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Switch label={t('devices.luLink.enabled')} disabled={!canSave} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <Select
          label={t('devices.luLink.server')}
          data={[{ value: '', label: t('devices.luLink.noServer') }, ...answer.servers.map((s) => ({ value: s.id, label: s.name }))]}
          readOnly={!canSave}
          {...form.getInputProps('serverId')}
        />
        <NumberInput label={t('devices.luLink.bitrate')} description={t('devices.luLink.bitrateHint')} readOnly={!canSave} allowDecimal={false} {...form.getInputProps('maxBitrateKbps')} />
        <TabFooter formError={formError} submitting={submitting} canSave={canSave} saved={done.saved} />
      </Stack>
    </form>
  );
}
