/**
 * The user's own thresholds for one of their groups (issue 17 item 2), in a drawer: one row per
 * kind (low uplink for N s while streaming, battery below %, camera disconnected, link loss,
 * offline longer than N minutes), each with on/off, its numbers within THRESHOLD_BOUNDS and
 * "also show a toast". Save sends every kind; the server's messages are shown under the field
 * they name. A threshold that already holds when saved raises its incident at once.
 */
import { useEffect, useState } from 'react';
import { Alert, Checkbox, Group, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EntityDrawer, EntityFormBody } from '../../components/admin/EntityDrawer.tsx';
import { fieldErrorsOf, messageOf } from '../../api/call.ts';
import { THRESHOLD_BOUNDS, type ThresholdKind } from '../../domain/incidents.ts';
import type { ThresholdSettingWire } from '../../protocol/rest/incidents.ts';
import { useCurrentGroup } from '../fleet/currentGroup.ts';
import { fetchThresholds, incidentKeys, saveThresholds } from './queries.ts';

/** The unit of each kind's number, for its label. */
const VALUE_UNIT: Partial<Record<ThresholdKind, 'kbps' | 'percent' | 'minutes'>> = { lowUplink: 'kbps', battery: 'percent', offlineLong: 'minutes' };

export function ThresholdsDrawer({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { groupId: currentGroupId, groups } = useCurrentGroup();
  const [groupId, setGroupId] = useState<string | null>(currentGroupId ?? groups[0]?.uid ?? null);
  const stored = useQuery({
    queryKey: incidentKeys.thresholds(groupId ?? ''),
    queryFn: ({ signal }) => fetchThresholds(groupId ?? '', signal),
    enabled: groupId !== null,
  });
  const [settings, setSettings] = useState<ThresholdSettingWire[]>([]);
  useEffect(() => {
    if (stored.data !== undefined) setSettings([...stored.data.thresholds]);
  }, [stored.data]);
  const save = useMutation({
    mutationFn: () => saveThresholds(groupId ?? '', settings),
    onSuccess: (answer) => {
      queryClient.setQueryData(incidentKeys.thresholds(answer.groupId), answer);
      void queryClient.invalidateQueries({ queryKey: incidentKeys.all });
    },
    onError: () => undefined, // shown in place: under its field, or above the fields
  });
  const fields = fieldErrorsOf(save.error);
  const formError = save.isError && Object.keys(fields).length === 0 ? messageOf(save.error) : null;
  const update = (kind: ThresholdKind, change: Partial<ThresholdSettingWire>) => {
    setSettings((current) => current.map((s) => (s.kind === kind ? { ...s, ...change } : s)));
    if (!save.isIdle) save.reset(); // an edited field no longer shows the last answer's message
  };
  const numberOf = (value: string | number): number | null => (typeof value === 'number' ? value : value.trim() === '' ? null : Number(value));

  return (
    <EntityDrawer opened title={t('incidents.thresholds.title')} onClose={onClose}>
      <EntityFormBody
        mode="edit"
        submitting={save.isPending}
        formError={formError ?? (stored.isError ? messageOf(stored.error) : null)}
        onCancel={onClose}
        onSubmit={(event) => {
          event?.preventDefault();
          save.mutate();
        }}
      >
        <Text fz="sm" c="dimmed">
          {t('incidents.thresholds.explain')}
        </Text>
        {/* The result where the user acted (a toast would sit behind the drawer). */}
        {save.isSuccess && (
          <Alert color="teal" variant="light" role="status">
            {t('incidents.thresholds.saved')}
          </Alert>
        )}
        <Select
          label={t('incidents.thresholds.group')}
          data={groups.map((g) => ({ value: g.uid, label: g.name }))}
          value={groupId}
          onChange={(value) => {
            setGroupId(value);
            save.reset();
          }}
          comboboxProps={{ withinPortal: true }}
        />
        {settings.map((setting) => {
          const bounds = THRESHOLD_BOUNDS[setting.kind];
          const unit = VALUE_UNIT[setting.kind];
          return (
            <Stack key={setting.kind} gap={6} p="sm" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }} data-testid={`threshold-${setting.kind}`}>
              <Switch label={t(`incidents.thresholds.kinds.${setting.kind}`)} checked={setting.enabled} onChange={(event) => update(setting.kind, { enabled: event.currentTarget.checked })} fw={600} />
              {(bounds.value !== null || bounds.seconds !== null) && (
                <Group gap="sm" align="flex-start">
                  {bounds.value !== null && unit !== undefined && (
                    <NumberInput
                      label={t(`incidents.thresholds.units.${unit}`)}
                      value={setting.value ?? ''}
                      onChange={(value) => update(setting.kind, { value: numberOf(value) })}
                      min={bounds.value.min}
                      max={bounds.value.max}
                      allowDecimal={false}
                      clampBehavior="none"
                      w={170}
                      error={fields[`${setting.kind}.value`]}
                      disabled={!setting.enabled}
                    />
                  )}
                  {bounds.seconds !== null && (
                    <NumberInput
                      label={t('incidents.thresholds.units.seconds')}
                      value={setting.seconds ?? ''}
                      onChange={(value) => update(setting.kind, { seconds: numberOf(value) })}
                      min={bounds.seconds.min}
                      max={bounds.seconds.max}
                      allowDecimal={false}
                      clampBehavior="none"
                      w={170}
                      error={fields[`${setting.kind}.seconds`]}
                      disabled={!setting.enabled}
                    />
                  )}
                </Group>
              )}
              <Checkbox label={t('incidents.thresholds.toast')} checked={setting.toast} onChange={(event) => update(setting.kind, { toast: event.currentTarget.checked })} disabled={!setting.enabled} size="sm" />
            </Stack>
          );
        })}
      </EntityFormBody>
    </EntityDrawer>
  );
}
