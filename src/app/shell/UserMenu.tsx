import { Link } from 'react-router';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/queries.ts';
import { SignOutIcon, UserIcon } from '../../components/icons.tsx';
import { useSignOut } from '../signOut.ts';

function initialsOf(first: string, last: string, username: string): string {
  const letters = `${first.charAt(0)}${last.charAt(0)}`.trim();
  return (letters === '' ? username.slice(0, 2) : letters).toUpperCase();
}

/** The signed-in user: name, account pages and sign-out. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const signOut = useSignOut();
  const data = user.data;
  const fullName = data === undefined ? '' : `${data.firstName} ${data.lastName}`.trim() || data.username;
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('header.userMenu')} px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar size={30} radius="xl" color="cyan">
              {data === undefined ? <UserIcon /> : initialsOf(data.firstName, data.lastName, data.username)}
            </Avatar>
            <Text fz="sm" fw={500} visibleFrom="sm" maw={180} truncate>
              {fullName}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
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
