import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { required } from '../../../domain/validation/fields.ts';
import { INTERCOM_MODES, type IntercomMode } from '../../../domain/units/interface.ts';
import { useFleet } from '../../../fleet/hooks.ts';
import { closeIntercom, openIntercom, type IntercomSession } from '../api/unitCalls.ts';
import type { IntercomSlot, UnitDetails } from '../model/unitDetails.ts';
import { useUnitAction } from '../useUnitPage.ts';

function SessionCard({ unitId, session, slot, enabled }: { unitId: string; session: IntercomSession; slot: IntercomSlot | undefined; enabled: boolean }) {
  const { t } = useTranslation();
  const fleet = useFleet();
  const form = useForm<{ mode: IntercomMode; destinationAccount: string }>({
    initialValues: { mode: slot?.mode ?? 'audioRoom', destinationAccount: slot?.destinationAccount ?? '' },
    validate: { destinationAccount: required },
  });
  const open = useUnitAction(unitId, (mode: IntercomMode, destination: string) => openIntercom(unitId, session, mode, destination), 'unitPage.toast.intercomOpening', 'intercom');
  const close = useUnitAction(unitId, () => closeIntercom(unitId, session), 'unitPage.toast.intercomClosed');
  const state = slot?.state;
  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={form.onSubmit((values) => {
          void fleet.beginTransition(unitId, 'intercom', 'connecting');
          open.mutate([values.mode, values.destinationAccount]);
        })}
      >
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} fz="h5">
              {t('unitPage.intercom.session', { session })}
            </Title>
            <Badge color={state === 'connected' ? 'teal' : state === 'connecting' ? 'yellow' : 'gray'} data-testid={`intercom${session}-state`}>
              {t(`unitPage.intercom.state.${state ?? 'idle'}`)}
            </Badge>
          </Group>
          <Select
            label={t('unitPage.intercom.mode')}
            data={INTERCOM_MODES.map((mode) => ({ value: mode, label: t(`unitPage.intercom.modes.${mode}`) }))}
            disabled={!enabled || state !== undefined}
            {...form.getInputProps('mode')}
          />
          <TextInput label={t('unitPage.intercom.destination')} withAsterisk disabled={!enabled || state !== undefined} {...form.getInputProps('destinationAccount')} />
          <Group>
            {state === undefined ? (
              <Button type="submit" disabled={!enabled} loading={open.isPending}>
                {t('unitPage.intercom.connect')}
              </Button>
            ) : (
              <Button color="red" variant="light" disabled={!enabled} loading={close.isPending} onClick={() => close.mutate([])}>
                {t('unitPage.intercom.disconnect')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Intercom 1 and 2: mode audio room or target channel, destination account; connecting, then connected (spec 000 §3, §4). */
export function IntercomTab({ unitId, details, enabled }: { unitId: string; details: UnitDetails | undefined; enabled: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} maw={900}>
      <SessionCard unitId={unitId} session={1} slot={details?.intercom.intercom1} enabled={enabled} />
      <SessionCard unitId={unitId} session={2} slot={details?.intercom.intercom2} enabled={enabled} />
    </SimpleGrid>
  );
}
