import { Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IFB_DELAY_LOW_MS, IFB_DELAY_NORMAL_MS } from '../../../domain/constants.ts';
import { filePrefix, FILE_PREFIX_MAX_LENGTH } from '../../../domain/validation/filePrefix.ts';
import { STORE_AND_FORWARD_CODECS, STORE_AND_FORWARD_LEVELS, type StoreAndForwardCodec, type StoreAndForwardLevel } from '../../../domain/units/productTypes.ts';
import { fetchFilePrefix, setFilePrefix, setIfbAlwaysOn, setIfbLowDelay, setStoreAndForwardQuality } from '../api/unitCalls.ts';
import { commandParameters, settingOf, type UnitDetails } from '../model/unitDetails.ts';
import { FormFooter } from './FormFooter.tsx';
import { useFormSave } from './useFormSave.ts';

interface AdvancedValues {
  quality: string;
  prefix: string;
  ifbLowDelay: boolean;
  ifbAlwaysOn: boolean;
}

/** "h264:HQ" etc.: the store-and-forward quality select (spec 000 §3: h264 and h265 variants, HQ/MQ/LQ). */
const QUALITY_OPTIONS = STORE_AND_FORWARD_CODECS.flatMap((codec) => STORE_AND_FORWARD_LEVELS.map((level) => ({ value: `${codec}:${level}`, label: `${codec.toUpperCase()} ${level}` })));

function AdvancedForm({ unitId, details, enabled, prefix }: { unitId: string; details: UnitDetails; enabled: boolean; prefix: string }) {
  const { t } = useTranslation();
  const quality = settingOf(details, 'storeAndForwardQuality');
  const form = useForm<AdvancedValues>({
    initialValues: {
      quality: typeof quality['codec'] === 'string' && typeof quality['level'] === 'string' ? `${quality['codec']}:${quality['level']}` : 'h264:HQ',
      prefix,
      ifbLowDelay: commandParameters(details, 'LuSetIfbDelay')['lowDelay'] === true,
      ifbAlwaysOn: commandParameters(details, 'LuSetIfbAlwaysOn')['alwaysOn'] === true,
    },
    validate: { prefix: (value) => filePrefix(value) },
  });
  const { save, formError } = useFormSave(
    unitId,
    form,
    async (values: AdvancedValues) => {
      const before = form.getInitialValues();
      if (values.quality !== before.quality) {
        const [codec, level] = values.quality.split(':') as [StoreAndForwardCodec, StoreAndForwardLevel];
        await setStoreAndForwardQuality(unitId, codec, level);
      }
      if (values.prefix !== before.prefix) await setFilePrefix(unitId, values.prefix);
      if (values.ifbLowDelay !== before.ifbLowDelay) await setIfbLowDelay(unitId, values.ifbLowDelay);
      if (values.ifbAlwaysOn !== before.ifbAlwaysOn) await setIfbAlwaysOn(unitId, values.ifbAlwaysOn);
      form.setInitialValues(values);
    },
    { codec: 'quality', level: 'quality', prefix: 'prefix' },
  );
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        <Title order={3} fz="h5">
          {t('unitConfig.advanced.storeAndForward')}
        </Title>
        <SimpleGrid cols={2}>
          <Select label={t('unitConfig.advanced.quality')} data={QUALITY_OPTIONS} disabled={!enabled} {...form.getInputProps('quality')} />
          <TextInput label={t('unitConfig.advanced.prefix')} description={t('unitConfig.advanced.prefixHint', { count: FILE_PREFIX_MAX_LENGTH })} disabled={!enabled} {...form.getInputProps('prefix')} />
        </SimpleGrid>
        <Title order={3} fz="h5">
          {t('unitConfig.advanced.ifb')}
        </Title>
        <Switch label={t('unitConfig.advanced.ifbLowDelay', { normal: IFB_DELAY_NORMAL_MS, low: IFB_DELAY_LOW_MS })} disabled={!enabled} {...form.getInputProps('ifbLowDelay', { type: 'checkbox' })} />
        <Switch label={t('unitConfig.advanced.ifbAlwaysOn')} disabled={!enabled} {...form.getInputProps('ifbAlwaysOn', { type: 'checkbox' })} />
        <FormFooter error={formError} saving={save.isPending} disabled={!enabled} />
      </Stack>
    </form>
  );
}

/** Advanced: store-and-forward quality and file-name prefix (max 32), IFB low delay and always on. */
export function AdvancedTab(props: { unitId: string; details: UnitDetails; enabled: boolean }) {
  const prefix = useQuery({ queryKey: ['session', 'unit', props.unitId, 'filePrefix'], queryFn: () => fetchFilePrefix(props.unitId), staleTime: 0 });
  if (prefix.isPending) return null;
  const value = (prefix.data as { prefix?: unknown } | undefined)?.prefix;
  return <AdvancedForm {...props} prefix={typeof value === 'string' ? value : ''} />;
}
