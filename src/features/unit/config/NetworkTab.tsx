import { Divider, NumberInput, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { priorityGroupsOf } from '../model/priorityGroups.ts';
import { BANDWIDTH_PRIORITIES, networkFormErrors, PRIORITY_GROUPS, PRIORITY_GROUP_LABELS, type PriorityGroup } from '../../../domain/validation/network.ts';
import { cappingErrors, CELLULAR_ABOVE_TOTAL_MESSAGE } from '../../../domain/validation/capping.ts';
import { saveCapping, saveNetwork } from '../api/unitCalls.ts';
import { CAPPING_SELECT_VALUES, choiceOf, fieldsOfKbps } from '../model/cappingForm.ts';
import { settingOf, type UnitDetails } from '../model/unitDetails.ts';
import { FormFooter } from './FormFooter.tsx';
import { useFormSave } from './useFormSave.ts';

type Kbps = number | string;
interface LimitsValues {
  totalKbps: Kbps;
  cellularKbps: Kbps;
  interfaces: { port: string; type: 'cell' | 'lan' | 'wifi'; name: string; limitKbps: Kbps }[];
  priorities: Partial<Record<PriorityGroup, Kbps>>;
}

const kbpsOf = (value: unknown): Kbps => (typeof value === 'number' && value > 0 ? value : '');

/** Total and cellular limits, per-interface limits and bandwidth priorities (PUT v2/units/{id}/interfaces/config). */
function LimitsForm({ unitId, details, enabled }: { unitId: string; details: UnitDetails; enabled: boolean }) {
  const { t } = useTranslation();
  const saved = settingOf(details, 'network');
  const savedInterfaces = Array.isArray(saved['interfaces']) ? (saved['interfaces'] as { port?: unknown; limitKbps?: unknown }[]) : [];
  const savedPriorities = typeof saved['priorities'] === 'object' && saved['priorities'] !== null ? (saved['priorities'] as Record<string, unknown>) : {};
  const groups = priorityGroupsOf(details.links.map((link) => link.type));
  const form = useForm<LimitsValues>({
    initialValues: {
      totalKbps: kbpsOf(saved['totalKbps']),
      cellularKbps: kbpsOf(saved['cellularKbps']),
      interfaces: details.links.flatMap((link) =>
        link.type === undefined ? [] : [{ port: link.port, type: link.type, name: link.name, limitKbps: kbpsOf(savedInterfaces.find((i) => i.port === link.port)?.limitKbps) }],
      ),
      priorities: Object.fromEntries(groups.map((group, index) => [group, typeof savedPriorities[group] === 'number' ? (savedPriorities[group] as number) : index + 1])),
    },
    validate: (values) => {
      const errors = networkFormErrors({ totalKbps: values.totalKbps, cellularKbps: values.cellularKbps, interfaces: values.interfaces, priorities: values.priorities });
      const out: Record<string, string> = {};
      for (const [key, message] of Object.entries(errors)) {
        if (message === undefined) continue;
        if (key.startsWith('interfaces.')) {
          const index = values.interfaces.findIndex((i) => `interfaces.${i.port}` === key);
          out[`interfaces.${index}.limitKbps`] = message;
        } else out[key] = message;
      }
      return out;
    },
  });
  const fieldMap = { totalKbps: 'totalKbps', cellularKbps: 'cellularKbps', ...Object.fromEntries(groups.map((g) => [`priorities.${g}`, `priorities.${g}`])) };
  const { save, formError } = useFormSave(unitId, form, (values: LimitsValues) => saveNetwork(unitId, { totalKbps: values.totalKbps, cellularKbps: values.cellularKbps, interfaces: values.interfaces.map(({ port, limitKbps }) => ({ port, limitKbps })), priorities: values.priorities }), fieldMap);
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        <Title order={3} fz="h5">
          {t('unitConfig.network.limits')}
        </Title>
        <SimpleGrid cols={2}>
          <NumberInput label={t('unitConfig.network.total')} description={t('unitConfig.network.noLimitHint')} min={0} disabled={!enabled} {...form.getInputProps('totalKbps')} />
          <NumberInput label={t('unitConfig.network.cellular')} description={t('unitConfig.network.noLimitHint')} min={0} disabled={!enabled} {...form.getInputProps('cellularKbps')} />
        </SimpleGrid>
        {form.values.interfaces.length > 0 && (
          <SimpleGrid cols={3}>
            {form.values.interfaces.map((link, index) => (
              <NumberInput key={link.port} label={t('unitConfig.network.interfaceLimit', { name: link.name })} min={0} disabled={!enabled} {...form.getInputProps(`interfaces.${index}.limitKbps`)} />
            ))}
          </SimpleGrid>
        )}
        <Text fw={600} fz="sm">
          {t('unitConfig.network.priorities')}
        </Text>
        <SimpleGrid cols={4}>
          {groups.map((group) => (
            <Select
              key={group}
              label={PRIORITY_GROUP_LABELS[group]}
              data={BANDWIDTH_PRIORITIES.map((p) => ({ value: String(p), label: t(`unitConfig.network.priority.${p}`) }))}
              disabled={!enabled}
              value={String(form.values.priorities[group])}
              onChange={(value) => form.setFieldValue(`priorities.${group}`, Number(value))}
              error={form.errors[`priorities.${group}`]}
            />
          ))}
        </SimpleGrid>
        <FormFooter error={formError} saving={save.isPending} disabled={!enabled} />
      </Stack>
    </form>
  );
}

interface CappingValues {
  totalKind: string;
  totalCustom: string | number;
  cellularKind: string;
  cellularCustom: string | number;
}

/** Bandwidth capping (PUT units/{id}/network/capping): cellular not above total; not on a busy unit (spec 000 §5). */
function CappingForm({ unitId, details, enabled, busy }: { unitId: string; details: UnitDetails; enabled: boolean; busy: boolean }) {
  const { t } = useTranslation();
  const total = fieldsOfKbps(details.capping.totalKbps);
  const cellular = fieldsOfKbps(details.capping.cellularKbps);
  const form = useForm<CappingValues>({
    initialValues: { totalKind: total.kind, totalCustom: total.custom, cellularKind: cellular.kind, cellularCustom: cellular.custom },
    validate: (values) => {
      const t0 = choiceOf({ kind: values.totalKind, custom: values.totalCustom });
      const c0 = choiceOf({ kind: values.cellularKind, custom: values.cellularCustom });
      const errors = cappingErrors({ unitBusy: busy, total: t0, cellular: c0 });
      const out: Record<string, string> = {};
      if (errors.unit !== undefined) out['cappingUnit'] = errors.unit;
      if (errors.total !== undefined) out[values.totalKind === 'custom' ? 'totalCustom' : 'totalKind'] = errors.total;
      // The cross-field message sits on the cellular select; a bad custom value on its own input.
      if (errors.cellular !== undefined) out[errors.cellular === CELLULAR_ABOVE_TOTAL_MESSAGE || values.cellularKind !== 'custom' ? 'cellularKind' : 'cellularCustom'] = errors.cellular;
      return out;
    },
  });
  const { save, formError } = useFormSave(
    unitId,
    form,
    (values: CappingValues) => saveCapping(unitId, choiceOf({ kind: values.totalKind, custom: values.totalCustom }), choiceOf({ kind: values.cellularKind, custom: values.cellularCustom })),
    { total: 'totalKind', cellular: 'cellularKind' },
  );
  const options = CAPPING_SELECT_VALUES.map((value) => ({ value, label: value === 'disabled' || value === 'custom' ? t(`unitConfig.network.capping.${value}`) : `${value} Mbps` }));
  const unitError = typeof form.errors['cappingUnit'] === 'string' ? form.errors['cappingUnit'] : null;
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        <Title order={3} fz="h5">
          {t('unitConfig.network.capping.title')}
        </Title>
        <SimpleGrid cols={2}>
          <Stack gap="xs">
            <Select label={t('unitConfig.network.capping.total')} data={options} disabled={!enabled} {...form.getInputProps('totalKind')} />
            {form.values.totalKind === 'custom' && <NumberInput label={t('unitConfig.network.capping.customMbps')} decimalScale={2} disabled={!enabled} {...form.getInputProps('totalCustom')} />}
          </Stack>
          <Stack gap="xs">
            <Select label={t('unitConfig.network.capping.cellular')} data={options} disabled={!enabled} {...form.getInputProps('cellularKind')} />
            {form.values.cellularKind === 'custom' && <NumberInput label={t('unitConfig.network.capping.customMbps')} decimalScale={2} disabled={!enabled} {...form.getInputProps('cellularCustom')} />}
          </Stack>
        </SimpleGrid>
        <FormFooter error={unitError ?? formError} saving={save.isPending} disabled={!enabled} label={t('unitConfig.network.capping.save')} />
      </Stack>
    </form>
  );
}

/** The network tab (spec 000 §5 network and capping rules, §9 bandwidth priorities). */
export function NetworkTab(props: { unitId: string; details: UnitDetails; enabled: boolean; busy: boolean }) {
  return (
    <Stack>
      <LimitsForm {...props} />
      <Divider />
      <CappingForm {...props} />
    </Stack>
  );
}
