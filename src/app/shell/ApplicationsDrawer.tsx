import type { ReactNode } from 'react';
import { Badge, Drawer, Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApplicationUrls } from '../../api/queries.ts';
import type { ApplicationUrls } from '../../api/resources.ts';
import { ConsoleIcon, MatrixIcon, ReturnVideoIcon } from '../../components/icons.tsx';

type Application = keyof ApplicationUrls;

const APPLICATIONS: readonly { readonly id: Application; readonly icon: ReactNode }[] = [
  { id: 'centralConsole', icon: <ConsoleIcon size={22} /> },
  { id: 'videoReturnPortal', icon: <ReturnVideoIcon size={22} /> },
  { id: 'matrixApplication', icon: <MatrixIcon size={22} /> },
];

/** This page is the central console. */
const CURRENT: Application = 'centralConsole';

/**
 * spec 000 §1, §2 "Drawer: switches between the central console, the video return portal and the
 * matrix application"; the addresses come from v2/client/application/urls.
 */
export function ApplicationsDrawer({ opened, onClose }: { readonly opened: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} position="left" size={340} title={<Text fw={600}>{t('drawer.title')}</Text>}>
      {opened && <ApplicationList onClose={onClose} />}
    </Drawer>
  );
}

/** The drawer's content; mounted when the drawer opens, so the addresses are fetched on first use. */
function ApplicationList({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation();
  const urls = useApplicationUrls();
  return (
    <>
      {urls.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text c="dimmed" fz="sm">
            {t('drawer.loading')}
          </Text>
        </Group>
      )}
      {urls.isError && <Text c="red">{t('drawer.failed')}</Text>}
      {urls.data !== undefined && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('drawer.title')}>
          {APPLICATIONS.map(({ id, icon }) => {
            const current = id === CURRENT;
            return (
              <li key={id}>
                <UnstyledButton
                  component="a"
                  href={urls.data[id]}
                  onClick={current ? (event: React.MouseEvent) => { event.preventDefault(); onClose(); } : undefined}
                  aria-current={current ? 'page' : undefined}
                  display="block"
                  w="100%"
                >
                  <Paper withBorder p="md" radius="md" bg={current ? 'var(--mantine-primary-color-light)' : undefined}>
                    <Group wrap="nowrap" gap="md">
                      <Text c={current ? 'cyan' : 'dimmed'}>{icon}</Text>
                      <Stack gap={2} style={{ flex: 1 }}>
                        <Group gap="xs">
                          <Text fw={600}>{t(`drawer.${id}`)}</Text>
                          {current && (
                            <Badge size="xs" variant="light">
                              {t('drawer.current')}
                            </Badge>
                          )}
                        </Group>
                        <Text fz="xs" c="dimmed">
                          {t(`drawer.${id}Text`)}
                        </Text>
                      </Stack>
                    </Group>
                  </Paper>
                </UnstyledButton>
              </li>
            );
          })}
        </Stack>
      )}
    </>
  );
}
