/**
 * About (spec 002 §2 "About screen exists"; issue: product version, server version, build): the
 * console's own release and build beside what the server says of itself (GET v2/about), and
 * whether the two are the same release.
 */
import { Alert, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, messageOf } from '../../api/call.ts';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { SettingsSection } from '../../components/admin/SettingsSection.tsx';
import { getAbout } from '../../protocol/rest/about.ts';
import { CONSOLE_BUILD } from './buildInfo.ts';

/** The server's facts do not change while it runs: read once per visit. */
const aboutQuery = { queryKey: ['session', 'about'] as const, queryFn: ({ signal }: { signal: AbortSignal }) => call(getAbout, {}, { signal }), staleTime: Infinity };

function Fact({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text c="dimmed" fz="sm" w={150} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text fz="sm" ff={/^[0-9a-f]{7,40}$|^v?\d/.test(value) ? 'monospace' : undefined}>
        {value}
      </Text>
    </Group>
  );
}

export function AboutScreen() {
  const { t, i18n } = useTranslation();
  const about = useQuery(aboutQuery);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (about.isError) return <Alert color="red">{messageOf(about.error)}</Alert>;
  const server = about.data;
  if (server === undefined) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const same = server.consoleVersion === CONSOLE_BUILD.version;
  return (
    <AdminPage title={`${t('routes.about')} ${server.productName}`} description={t('about.description')}>
      <Alert color={same ? 'teal' : 'yellow'} variant="light">
        {same ? t('about.sameRelease') : t('about.differentRelease', { console: CONSOLE_BUILD.version, server: server.consoleVersion })}
      </Alert>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SettingsSection title={t('about.console.title')}>
          <Stack gap={6}>
            <Fact label={t('about.console.version')} value={CONSOLE_BUILD.version} />
            <Fact label={t('about.console.build')} value={CONSOLE_BUILD.build ?? t('about.console.development')} />
            <Fact label={t('about.console.mode')} value={CONSOLE_BUILD.mode} />
          </Stack>
        </SettingsSection>
        <SettingsSection title={t('about.server.title')}>
          <Stack gap={6}>
            <Fact label={t('about.server.version')} value={server.serverVersion} />
            <Fact label={t('about.server.commit')} value={server.build.commit ?? t('about.server.unknown')} />
            <Fact label={t('about.server.consoleBuiltAt')} value={server.build.consoleBuiltAt === null ? t('about.server.notBuilt') : time.format(server.build.consoleBuiltAt)} />
            <Fact label={t('about.server.startedAt')} value={time.format(server.startedAt)} />
            <Fact label={t('about.server.node')} value={server.nodeVersion} />
            <Fact label={t('about.server.database')} value={t(`about.databases.${server.database}`)} />
          </Stack>
        </SettingsSection>
      </SimpleGrid>
    </AdminPage>
  );
}

export default AboutScreen;
