import { Link } from 'react-router';
import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/queries.ts';
import { SignOutIcon } from '../../components/icons.tsx';
import type { LoadedMenuProps } from '../../components/lazyMenu.tsx';
import { useSignOut } from '../signOut.ts';

/** The user menu around its button (UserMenu.tsx), loaded with the first hover, focus or click. */
export default function UserMenuDropdown({ trigger }: LoadedMenuProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const signOut = useSignOut();
  const data = user.data;
  return (
    <Menu position="bottom-end" width={240} withinPortal returnFocus>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        {data !== undefined && <Menu.Label>{t('header.signedInAs', { username: data.username })}</Menu.Label>}
        <Menu.Item component={Link} to="/account">
          {t('header.account')}
        </Menu.Item>
        <Menu.Item component={Link} to="/preferences">
          {t('header.preferences')}
        </Menu.Item>
        <Menu.Item component={Link} to="/activity">
          {t('activity.menu')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<SignOutIcon size={16} />} onClick={() => void signOut()}>
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
