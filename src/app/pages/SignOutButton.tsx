import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../signOut.ts';

export function SignOutButton({ variant = 'default' }: { readonly variant?: 'default' | 'filled' | 'light' }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <Button variant={variant} onClick={() => void signOut()}>
      {t('header.signOut')}
    </Button>
  );
}
