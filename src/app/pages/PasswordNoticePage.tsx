import { useNavigate } from 'react-router';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClientConfiguration, useCurrentUser } from '../../api/queries.ts';
import { CenteredPage } from '../../components/CenteredPage.tsx';
import { ClockIcon } from '../../components/icons.tsx';
import { postponePasswordNotice } from '../sessionState.ts';
import { passwordDaysLeft } from '../passwordDays.ts';
import { SignOutButton } from './SignOutButton.tsx';
import { PasswordChangeForm } from '../../features/account/PasswordChangeForm.tsx';


/**
 * spec 002 §2, §4: the password expires in 14 days or fewer. The user changes it here (the
 * Account screen's form: old password, new one, confirmation) and goes on to the console, or
 * postpones the notice until the next sign-in. An SSO account's password is the IT admin's: the
 * form is shown disabled.
 */
export function PasswordNoticePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const configuration = useClientConfiguration();
  const user = useCurrentUser();
  const seconds = configuration.data?.secondsToPwdExpiration ?? null;
  const days = seconds === null ? null : passwordDaysLeft(seconds);

  const postpone = async (): Promise<void> => {
    if (user.data !== undefined) postponePasswordNotice(user.data.id);
    await navigate('/', { replace: true });
  };

  return (
    <CenteredPage heading={t('passwordNotice.heading')}>
      {days !== null && (
        <Alert color={days <= 2 ? 'red' : 'yellow'} variant="light" icon={<ClockIcon />}>
          {days < 0 ? t('passwordNotice.expired') : t('passwordNotice.expiresIn', { count: days })}
        </Alert>
      )}
      <Text>{t('passwordNotice.change')}</Text>
      <PasswordChangeForm enabled={user.data?.sso !== true} onChanged={() => void navigate('/', { replace: true })} />
      <Text c="dimmed" fz="sm">
        {t('passwordNotice.postponeHint')}
      </Text>
      <Group justify="space-between">
        <SignOutButton />
        <Button onClick={() => void postpone()} disabled={user.data === undefined}>
          {t('passwordNotice.postpone')}
        </Button>
      </Group>
    </CenteredPage>
  );
}
