import { Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredPage } from '../../components/CenteredPage.tsx';

/**
 * spec 000 §2: /customer_portal and /easy_live are routes open to anyone; the spec says nothing
 * more of them. Their products are not served by this installation, so the pages say so instead
 * of pretending: where the product is (a separate application whose address the customer's
 * account manager gives), what a user does there, and what of it this console offers instead.
 * Texts in locales/en/support.json (`support.portals.*`); ours, recorded in docs/domain.md.
 */
function ElsewherePage({ area }: { readonly area: 'customerPortal' | 'easyLive' }) {
  const { t } = useTranslation();
  const key = `support.portals.${area}`;
  const there = t(`${key}.there`, { returnObjects: true }) as string[];
  const here = t(`${key}.here`, { returnObjects: true }) as string[];
  return (
    <CenteredPage heading={t(`${key}.heading`)} width={560}>
      <Text>{t(`${key}.where`)}</Text>
      <Stack gap={4}>
        <Text fw={600}>{t(`${key}.thereTitle`)}</Text>
        <List size="sm" spacing={2}>
          {there.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Stack>
      <Stack gap={4}>
        <Text fw={600}>{t('support.portals.hereTitle')}</Text>
        <List size="sm" spacing={2}>
          {here.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Stack>
      <Group justify="flex-end">
        <Button component={Link} to="/">
          {t('support.portals.toConsole')}
        </Button>
      </Group>
    </CenteredPage>
  );
}

export const CustomerPortalPage = () => <ElsewherePage area="customerPortal" />;
export const EasyLivePage = () => <ElsewherePage area="easyLive" />;
