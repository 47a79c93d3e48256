/**
 * Permanent tab of "add LU-Smart or LU-Lite" (spec 000 §2): the group's permanent registration key
 * and join link, a new key on demand (GET groups/{groupId}/permanent?regenerate=true), the device
 * kind and the key regeneration policy (spec 002 §4: never, daily, weekly, monthly).
 */
import { Alert, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KEY_REGENERATION, type DeviceKind, type KeyRegeneration } from '../../domain/adhoc.ts';
import { errorMessageOf, showError, showSuccess } from '../../components/toasts.ts';
import { usePermanentChange, usePermanentRegistration } from './adhocCalls.ts';
import { CodeField, formatTime } from './CodeField.tsx';
import { DeviceKindPicker } from './DeviceKindPicker.tsx';

export interface PermanentTabProps {
  groupId: string;
  /** Choices made in the modal (null: the stored value), saved by Apply / OK. */
  kind: DeviceKind | null;
  onKind(kind: DeviceKind): void;
  regeneration: KeyRegeneration | null;
  onRegeneration(value: KeyRegeneration): void;
  /** May issue a new key (not read-only). */
  canWrite: boolean;
  /** May change the kind and policy: they are saved by Apply / OK (luc_regular only, spec 002 §5). */
  canSave: boolean;
}

export function PermanentTab({ groupId, kind, onKind, regeneration, onRegeneration, canWrite, canSave }: PermanentTabProps) {
  const { t } = useTranslation();
  const permanent = usePermanentRegistration(groupId);
  const change = usePermanentChange(groupId);
  if (permanent.isPending) return <Loader size="sm" />;
  if (permanent.isError) return <Alert color="red">{errorMessageOf(permanent.error)}</Alert>;
  const data = permanent.data;
  const regenerate = () => change.mutate({ regenerate: true }, { onSuccess: () => showSuccess(t('adhoc.permanent.regenerated')), onError: (error) => showError(error) });
  return (
    <Stack gap="md">
      <SimpleGrid cols={2}>
        <DeviceKindPicker value={kind ?? data.kind} onChange={onKind} disabled={!canSave} />
        <Select
          label={t('adhoc.permanent.regeneration')}
          data={KEY_REGENERATION.map((k) => ({ value: k, label: t(`adhoc.regeneration.${k}`) }))}
          value={regeneration ?? data.keyRegeneration}
          onChange={(value) => value !== null && onRegeneration(value as KeyRegeneration)}
          disabled={!canSave}
        />
      </SimpleGrid>
      <Paper withBorder p="sm" radius="sm">
        <Stack gap="sm">
          <CodeField label={t('adhoc.permanent.key')} value={data.key} testId="permanent-key" />
          <CodeField label={t('adhoc.link')} value={data.joinLink} testId="permanent-link" small />
          <Text fz="sm" c="dimmed">
            {t('adhoc.permanent.issued', { at: formatTime(data.regeneratedAt) })}{' '}
            {data.nextRegenerationAt === null ? t('adhoc.permanent.noNext') : t('adhoc.permanent.next', { at: formatTime(data.nextRegenerationAt) })}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('adhoc.plan', { plan: data.planKind })}
          </Text>
        </Stack>
      </Paper>
      <Group>
        <Button variant="light" color="orange" onClick={regenerate} loading={change.isPending} disabled={!canWrite}>
          {t('adhoc.permanent.regenerate')}
        </Button>
        <Text fz="xs" c="dimmed">
          {t('adhoc.permanent.regenerateHint')}
        </Text>
      </Group>
    </Stack>
  );
}
