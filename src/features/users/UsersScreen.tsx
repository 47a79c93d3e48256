/**
 * Users (spec 002 §2 /users, admin set): every user of the caller's inventories, paged from the
 * server, searched by username, name, e-mail or user type and sorted by column; a click opens the
 * user in the drawer, "New user" creates one.
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { useMay } from '../../app/useMay.ts';
import type { UserRow } from '../../protocol/rest/users.ts';
import { UserDrawer } from './UserDrawer.tsx';
import { UsersSearch, UsersTable, useUsersList } from './UsersTable.tsx';

/** What the drawer shows: nothing, a new user, or an existing one. */
type Editing = { readonly kind: 'closed' } | { readonly kind: 'new' } | { readonly kind: 'existing'; readonly user: UserRow };

export function UsersScreen() {
  const { t } = useTranslation();
  const canAdminister = useMay('users.admin');
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const list = useUsersList();

  return (
    <AdminPage
      title={t('routes.users')}
      description={t('users.description')}
      actions={canAdminister && <Button onClick={() => setEditing({ kind: 'new' })}>{t('users.new')}</Button>}
      toolbar={<UsersSearch list={list} />}
    >
      <UsersTable label={t('routes.users')} list={list} onRowClick={(user) => setEditing({ kind: 'existing', user })} />
      {editing.kind !== 'closed' && (
        <UserDrawer
          key={editing.kind === 'existing' ? `${editing.user.id}:${editing.user.active}` : 'new'}
          user={editing.kind === 'existing' ? editing.user : null}
          onClose={() => setEditing({ kind: 'closed' })}
          onSaved={(user) => setEditing({ kind: 'existing', user })}
        />
      )}
    </AdminPage>
  );
}

export default UsersScreen;
