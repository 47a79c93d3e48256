import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredPage } from '../../components/CenteredPage.tsx';

/**
 * spec 000 §2: /customer_portal and /easy_live are routes open to anyone. Their products are not
 * served by this installation; the pages say so instead of pretending.
 */
function ElsewherePage({ area }: { readonly area: 'customerPortal' | 'easyLive' }) {
  const { t } = useTranslation();
  return (
    <CenteredPage heading={t(`${area}.heading`)}>
      <Text>{t(`${area}.text`)}</Text>
      <Group justify="flex-end">
        <Button component={Link} to="/">
          {t('common.toConsole')}
        </Button>
      </Group>
    </CenteredPage>
  );
}

export const CustomerPortalPage = () => <ElsewherePage area="customerPortal" />;
export const EasyLivePage = () => <ElsewherePage area="easyLive" />;
