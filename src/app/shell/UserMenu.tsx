import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/queries.ts';
import { UserIcon } from '../../components/icons.tsx';
import { lazyMenu } from '../../components/lazyMenu.tsx';

function initialsOf(first: string, last: string, username: string): string {
  const letters = `${first.charAt(0)}${last.charAt(0)}`.trim();
  return (letters === '' ? username.slice(0, 2) : letters).toUpperCase();
}

/** The menu's code (Mantine's Menu) loads with the first hover, focus or click (components/lazyMenu.tsx). */
const UserMenuDropdown = lazyMenu(async () => (await import('./UserMenuDropdown.tsx')).default);

/** The signed-in user: name, account pages and sign-out. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const data = user.data;
  const fullName = data === undefined ? '' : `${data.firstName} ${data.lastName}`.trim() || data.username;
  return (
    <UserMenuDropdown.Menu
      trigger={
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
      }
    />
  );
}
