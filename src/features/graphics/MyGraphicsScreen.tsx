/**
 * My Graphics (route MyGraphics, /my_graphics; spec 002 §1 "A cloud graphics service", §4 the
 * permission, §7 the six graphics calls; spec 001 §2 "Graphics streaming settings with a region
 * choice"). For the chosen inventory:
 * - the permission first: the service is enabled only when the server answers HTTP 200 with
 *   serviceEnabled true; otherwise the page says "Feature disabled" (and, when the cloud did not
 *   answer, "Graphics communication error.");
 * - the graphics region (the user preference graphicsRegion; none = the inventory's region);
 * - the apps, each with its control app: create from a template, start / stop / update (a job),
 *   delete;
 * - the latest jobs with their status, asked again every JOB_POLL_MS while one is queued or running.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Progress, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/call.ts';
import { usePreferences, useSavePreferences } from '../../api/queries.ts';
import { useMay } from '../../app/useMay.ts';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { ConfirmDelete } from '../../components/admin/ConfirmDelete.tsx';
import { SettingsSection } from '../../components/admin/SettingsSection.tsx';
import { showError, showSuccess } from '../../components/toasts.ts';
import { ERRORS } from '../../domain/errors.ts';
import type { GraphicsJobAction, GraphicsJobStatus } from '../../domain/graphicsCloud.ts';
import { GRAPHICS_REGIONS, withStoredValue } from '../../domain/preferenceChoices.ts';
import type { GraphicsApp } from '../../protocol/rest/graphics.ts';
import { useCurrentGroup } from '../fleet/currentGroup.ts';
import { NewAppModal } from './NewAppModal.tsx';
import { deleteApp, fetchMyGraphics, fetchPermission, graphicsKeys, invalidateGraphics, runJob } from './queries.ts';

/** How often the jobs are asked again while one is queued or running (ms). */
export const JOB_POLL_MS = 2_000;
/** The region choice "no preference": the inventory's own region. */
const INVENTORY_REGION = '__inventory__';

const STATUS_COLOR: Record<GraphicsJobStatus, string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' };
const ACTIONS: readonly GraphicsJobAction[] = ['start', 'stop', 'update'];

function useInventories() {
  const { groupId, groups } = useCurrentGroup();
  return useMemo(() => {
    const seen = new Map<string, string>();
    for (const g of groups) if (!seen.has(g.inventoryId)) seen.set(g.inventoryId, g.inventoryName);
    const current = groups.find((g) => g.uid === groupId)?.inventoryId ?? groups[0]?.inventoryId ?? null;
    return { options: [...seen].map(([value, label]) => ({ value, label })), initial: current };
  }, [groupId, groups]);
}

export function MyGraphicsScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const canUse = useMay('graphics.use');
  const inventories = useInventories();
  const [inventoryId, setInventoryId] = useState<string | null>(inventories.initial);
  useEffect(() => {
    if (inventoryId === null && inventories.initial !== null) setInventoryId(inventories.initial);
  }, [inventoryId, inventories.initial]);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<GraphicsApp | null>(null);
  const preferences = usePreferences();
  const savePreferences = useSavePreferences();
  const region = preferences.data?.graphicsRegion ?? null;

  const permission = useQuery({ queryKey: graphicsKeys.permission(inventoryId ?? ''), queryFn: ({ signal }) => fetchPermission(inventoryId ?? '', signal), enabled: inventoryId !== null, retry: false });
  const enabled = permission.data?.enabled === true;
  const mine = useQuery({
    queryKey: graphicsKeys.mine(inventoryId ?? ''),
    queryFn: ({ signal }) => fetchMyGraphics(inventoryId ?? '', signal),
    enabled: inventoryId !== null && enabled,
    retry: false,
    refetchInterval: (query) => (query.state.data?.jobs.some((j) => j.status === 'queued' || j.status === 'running') === true ? JOB_POLL_MS : false),
  });
  const job = useMutation({
    mutationFn: ({ appId, action }: { appId: string; action: GraphicsJobAction }) => runJob(inventoryId ?? '', appId, action),
    onSuccess: (started) => {
      showSuccess(t('graphics.jobs.started', { action: t(`graphics.actions.${started.action}`), name: started.appName }));
      void invalidateGraphics(queryClient);
    },
    onError: (error) => showError(error),
  });

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });
  const inventoryRegion = mine.data?.inventoryRegion ?? '';
  const regionLabel = (value: string | null) =>
    value === null ? t('graphics.region.inventory', { region: GRAPHICS_REGIONS.find((r) => r.value === inventoryRegion)?.label ?? inventoryRegion }) : (GRAPHICS_REGIONS.find((r) => r.value === value)?.label ?? value);
  const apps = mine.data?.apps ?? [];
  const singular = apps.filter((a) => a.kind === 'singular');

  const body = (() => {
    if (inventoryId === null) return <Alert color="gray">{t('graphics.noInventory')}</Alert>;
    if (permission.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
    if (!enabled) {
      return (
        <Stack gap="sm">
          {permission.data?.problem !== null && permission.data?.problem !== undefined && (
            <Alert color="red" role="alert">
              {permission.data.problem}
            </Alert>
          )}
          {permission.error !== null && (
            <Alert color="red" role="alert">
              {messageOf(permission.error)}
            </Alert>
          )}
          <Alert color="gray" title={ERRORS.generic.featureDisabled} data-testid="graphics-disabled">
            {t('graphics.disabledHint')}
          </Alert>
          <Group>
            <Button variant="default" onClick={() => void permission.refetch()}>
              {t('graphics.retry')}
            </Button>
          </Group>
        </Stack>
      );
    }
    return (
      <Stack gap="md">
        <SettingsSection title={t('graphics.region.title')} hint={t('graphics.region.hint')}>
          <Select
            label={t('graphics.region.label')}
            w={320}
            data={[{ value: INVENTORY_REGION, label: regionLabel(null) }, ...withStoredValue(GRAPHICS_REGIONS, region)]}
            value={region ?? INVENTORY_REGION}
            onChange={(value) =>
              value !== null &&
              savePreferences.mutate(
                { graphicsRegion: value === INVENTORY_REGION ? null : value },
                { onSuccess: () => showSuccess(t('graphics.region.saved', { region: regionLabel(value === INVENTORY_REGION ? null : value) })), onError: (error) => showError(error) },
              )
            }
          />
        </SettingsSection>
        {mine.error !== null && (
          <Alert color="red" role="alert">
            {messageOf(mine.error)}
          </Alert>
        )}
        <SettingsSection title={t('graphics.apps.title')} hint={t('graphics.apps.hint')}>
          {mine.isPending ? (
            <Loader size="sm" aria-label={t('common.loading')} />
          ) : singular.length === 0 ? (
            <Text c="dimmed" fz="sm">
              {t('graphics.apps.empty')}
            </Text>
          ) : (
            <Table striped highlightOnHover aria-label={t('graphics.apps.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('graphics.apps.name')}</Table.Th>
                  <Table.Th>{t('graphics.apps.template')}</Table.Th>
                  <Table.Th>{t('graphics.apps.region')}</Table.Th>
                  <Table.Th>{t('graphics.apps.control')}</Table.Th>
                  <Table.Th>{t('graphics.apps.created')}</Table.Th>
                  {canUse && <Table.Th>{t('graphics.apps.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {singular.map((app) => (
                  <Table.Tr key={app.id} data-testid="graphics-app">
                    <Table.Td fw={600}>{app.name}</Table.Td>
                    <Table.Td>{app.templateName}</Table.Td>
                    <Table.Td>{GRAPHICS_REGIONS.find((r) => r.value === app.region)?.label ?? app.region}</Table.Td>
                    <Table.Td>{apps.find((a) => a.id === app.controlAppId)?.name ?? '—'}</Table.Td>
                    <Table.Td>
                      <Text fz="sm">{date.format(app.createdOn)}</Text>
                      <Text fz="xs" c="dimmed">
                        {app.createdBy}
                      </Text>
                    </Table.Td>
                    {canUse && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {ACTIONS.map((action) => (
                            <Button key={action} size="compact-xs" variant="light" loading={job.isPending && job.variables?.appId === app.id && job.variables.action === action} onClick={() => job.mutate({ appId: app.id, action })}>
                              {t(`graphics.actions.${action}`)}
                            </Button>
                          ))}
                          <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(app)}>
                            {t('kit.form.delete')}
                          </Button>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </SettingsSection>
        <SettingsSection title={t('graphics.jobs.title')} hint={t('graphics.jobs.hint')}>
          {(mine.data?.jobs.length ?? 0) === 0 ? (
            <Text c="dimmed" fz="sm">
              {t('graphics.jobs.empty')}
            </Text>
          ) : (
            <Table aria-label={t('graphics.jobs.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('graphics.jobs.app')}</Table.Th>
                  <Table.Th>{t('graphics.jobs.action')}</Table.Th>
                  <Table.Th>{t('graphics.jobs.status')}</Table.Th>
                  <Table.Th w={200}>{t('graphics.jobs.progress')}</Table.Th>
                  <Table.Th>{t('graphics.jobs.startedAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mine.data?.jobs.map((j) => (
                  <Table.Tr key={j.id} data-testid="graphics-job">
                    <Table.Td>{j.appName}</Table.Td>
                    <Table.Td>{t(`graphics.actions.${j.action}`)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[j.status]} variant="light">
                        {t(`graphics.status.${j.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Progress value={j.progress} aria-label={t('graphics.jobs.progress')} color={STATUS_COLOR[j.status]} />
                    </Table.Td>
                    <Table.Td>{time.format(j.startedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </SettingsSection>
      </Stack>
    );
  })();

  return (
    <AdminPage
      title={t('routes.my_graphics')}
      description={t('graphics.description')}
      actions={enabled && canUse && <Button onClick={() => setCreating(true)}>{t('graphics.apps.new')}</Button>}
      toolbar={
        <Select
          aria-label={t('graphics.inventory')}
          placeholder={t('graphics.inventory')}
          w={220}
          data={inventories.options}
          value={inventoryId}
          onChange={setInventoryId}
        />
      }
    >
      {body}
      {creating && inventoryId !== null && <NewAppModal inventoryId={inventoryId} region={region} regionLabel={regionLabel(region)} onClose={() => setCreating(false)} />}
      <ConfirmDelete
        name={deleting?.name ?? null}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting === null || inventoryId === null) return;
          await deleteApp(inventoryId, deleting.id);
          showSuccess(t('kit.confirmDelete.deleted', { name: deleting.name }));
          setDeleting(null);
          await invalidateGraphics(queryClient);
        }}
      />
    </AdminPage>
  );
}

export default MyGraphicsScreen;
