/**
 * A user in the drawer: the form (username, names, e-mail, label, user type, inventories and a
 * password), the user's groups and status (deactivate / activate) and delete. The domain's rules
 * (spec 002 §5) run as the user types; the server's refusals (a username or e-mail taken, no
 * licence, an external identity inventory) land on their fields and keep what was typed.
 *
 * An account the caller may not change (an SSO user, spec 002 §5: "some users may not be edited";
 * a super user or staff account for an administrator) opens read-only, with the not-allowed
 * popover saying why.
 */
import { useState } from 'react';
import { Badge, Button, Divider, Group, PasswordInput, Popover, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AssociationPicker } from '../../components/admin/AssociationPicker.tsx';
import { useConfirmDelete } from '../../components/admin/useConfirmDelete.tsx';
import { EntityDrawer, EntityFormBody } from '../../components/admin/EntityDrawer.tsx';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { showError, showSuccess } from '../../components/toasts.ts';
import { InfoIcon } from '../../components/icons.tsx';
import { useClientConfiguration, useCurrentUser } from '../../api/queries.ts';
import { useMay } from '../../app/useMay.ts';
import { accountChangeRefusal, grantableUserTypes, ownAccountRefusal } from '../../domain/users.ts';
import { userFormErrors } from '../../domain/validation/users.ts';
import type { Ref } from '../../protocol/rest/common.ts';
import type { UserRow } from '../../protocol/rest/users.ts';
import { createUser, deleteUser, invalidateUsers, searchInventories, setUserActive, updateUser, userKeys } from './queries.ts';
import { useUserTypeLabel } from './UsersTable.tsx';

interface UserValues extends Record<string, unknown> {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  userLabel: string;
  userType: string;
  inventoryIds: Ref[];
  password: string;
  passwordConfirmation: string;
}

export interface UserDrawerProps {
  /** The user to edit; null to create one. */
  readonly user: UserRow | null;
  readonly onClose: () => void;
  readonly onSaved: (user: UserRow) => void;
}

export function UserDrawer({ user, onClose, onSaved }: UserDrawerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const typeLabel = useUserTypeLabel();
  const roles = useClientConfiguration().data?.loggedUserRoles ?? [];
  const me = useCurrentUser().data;
  const canAdminister = useMay('users.admin');
  const deletion = useConfirmDelete({ entity: user, nameOf: (e) => e.username, remove: (e) => deleteUser(e.id), afterDelete: () => { void invalidateUsers(queryClient); onClose(); } });
  const [statusBusy, setStatusBusy] = useState(false);
  const refusal = user === null ? null : accountChangeRefusal(roles, user);
  const editable = canAdminister && refusal === null;
  const creating = user === null;

  const { form, submitting, formError, onSubmit } = useEntityForm<UserValues, UserRow>({
    initialValues: {
      username: user?.username ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      userLabel: user?.userLabel ?? '',
      userType: user?.userType ?? '',
      inventoryIds: [...(user?.inventories ?? [])],
      password: '',
      passwordConfirmation: '',
    },
    validate: (values) =>
      userFormErrors(
        { ...values, userType: values.userType === '' ? null : values.userType, inventoryIds: values.inventoryIds.map((ref) => ref.id) },
        { takenEmails: [], takenUsernames: [], externalIdentityInventoryIds: [], passwordRequired: creating },
      ),
    save: (values) => {
      const fields = {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        userLabel: values.userLabel.trim(),
        userType: values.userType,
        inventoryIds: values.inventoryIds.map((ref) => ref.id),
      };
      if (user === null) return createUser({ ...fields, username: values.username.trim(), password: values.password, passwordConfirmation: values.passwordConfirmation });
      return updateUser(user.id, { ...fields, ...(values.password !== '' ? { password: values.password, passwordConfirmation: values.passwordConfirmation } : {}) });
    },
    onSaved: (saved) => {
      // A password is sent once: the fields empty after a save.
      form.setValues({ password: '', passwordConfirmation: '' });
      showSuccess(t(creating ? 'kit.form.created' : 'kit.form.saved', { name: saved.username }));
      void invalidateUsers(queryClient);
      onSaved(saved);
    },
  });

  // The types this caller may give, and the user's own type even when it is not one of them (shown read-only).
  const types = grantableUserTypes(roles) as string[];
  const typeOptions = [...types, ...(user !== null && !types.includes(user.userType) ? [user.userType] : [])].map((type) => ({ value: type, label: typeLabel(type) }));

  const changeStatus = async (active: boolean): Promise<void> => {
    if (user === null) return;
    setStatusBusy(true);
    try {
      const saved = await setUserActive(user.id, active);
      showSuccess(t(active ? 'users.form.activated' : 'users.form.deactivated', { name: saved.username }));
      void invalidateUsers(queryClient);
      onSaved(saved);
    } catch (error) {
      showError(error);
    } finally {
      setStatusBusy(false);
    }
  };
  const ownAccount = user !== null && me !== undefined ? ownAccountRefusal(me.id, user.id, 'deactivate') : null;

  return (
    <EntityDrawer opened title={creating ? t('users.form.createTitle') : t('users.form.editTitle', { name: user.username })} onClose={onClose}>
      {refusal !== null && <NotAllowed message={refusal} />}
      <EntityFormBody
        mode={creating ? 'create' : 'edit'}
        onSubmit={onSubmit}
        onCancel={onClose}
        submitting={submitting}
        formError={formError}
        canSave={editable}
        onDelete={user !== null && editable && ownAccount === null ? deletion.ask : undefined}
      >
        <TextInput
          label={t('users.form.username')}
          description={creating ? t('users.form.usernameHint') : undefined}
          required={creating}
          readOnly={!creating}
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('username')}
        />
        <Group grow align="flex-start">
          <TextInput label={t('users.form.firstName')} readOnly={!editable} {...form.getInputProps('firstName')} />
          <TextInput label={t('users.form.lastName')} readOnly={!editable} {...form.getInputProps('lastName')} />
        </Group>
        <TextInput label={t('users.form.email')} type="email" required readOnly={!editable} autoComplete="off" {...form.getInputProps('email')} />
        <TextInput label={t('users.form.userLabel')} description={t('users.form.userLabelHint')} readOnly={!editable} {...form.getInputProps('userLabel')} />
        <Select
          label={t('users.form.userType')}
          required
          data={typeOptions}
          readOnly={!editable}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('userType')}
        />
        <AssociationPicker
          label={t('users.form.inventories')}
          description={t('users.form.inventoriesHint')}
          required
          value={form.values.inventoryIds}
          onChange={(next) => form.setFieldValue('inventoryIds', next)}
          search={searchInventories}
          queryKey={userKeys.inventoryOptions}
          disabled={!editable}
          error={form.errors['inventoryIds'] as string | undefined}
        />
        {editable && (
          <>
            <PasswordInput
              label={creating ? t('users.form.password') : t('users.form.newPassword')}
              description={creating ? t('users.form.passwordHint') : t('users.form.newPasswordHint')}
              required={creating}
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput label={t('users.form.passwordConfirmation')} required={creating} autoComplete="new-password" {...form.getInputProps('passwordConfirmation')} />
          </>
        )}
      </EntityFormBody>
      {user !== null && (
        <Stack gap="sm" mt="xl">
          <Divider />
          <Text fw={600} fz="sm">
            {t('users.form.groups')}
          </Text>
          <Group gap={6}>
            {user.groups.length === 0 ? (
              <Text c="dimmed" fz="sm">
                {t('users.form.noGroups')}
              </Text>
            ) : (
              user.groups.map((group) => (
                <Badge key={group.id} variant="light" size="md">
                  {group.name}
                </Badge>
              ))
            )}
          </Group>
          <Divider />
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600} fz="sm">
                  {t('users.form.statusTitle')}
                </Text>
                <Badge variant="light" color={user.active ? 'teal' : 'gray'} size="sm">
                  {user.active ? t('users.status.active') : t('users.status.inactive')}
                </Badge>
              </Group>
              <Text c="dimmed" fz="xs">
                {user.active ? t('users.form.activeHint') : t('users.form.inactiveHint')}
              </Text>
            </Stack>
            {editable && ownAccount === null && (
              <Button variant="light" color={user.active ? 'orange' : 'teal'} loading={statusBusy} onClick={() => void changeStatus(!user.active)}>
                {user.active ? t('users.form.deactivate') : t('users.form.activate')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
      {deletion.dialog}
    </EntityDrawer>
  );
}

/**
 * The not-allowed popover (spec 002 §5): why this user cannot be changed here. It opens on hover,
 * focus or click of its button, over the drawer, and closes when the pointer leaves.
 */
function NotAllowed({ message }: { readonly message: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Group mb="md">
      <Popover opened={opened} onChange={setOpened} position="right-start" withArrow shadow="md" width={300}>
        <Popover.Target>
          <Button
            variant="light"
            color="gray"
            size="xs"
            leftSection={<InfoIcon size={14} />}
            onMouseEnter={() => setOpened(true)}
            onMouseLeave={() => setOpened(false)}
            onFocus={() => setOpened(true)}
            onBlur={() => setOpened(false)}
            onClick={() => setOpened((o) => !o)}
            aria-expanded={opened}
          >
            {t('users.notAllowed.label')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown role="dialog" aria-label={t('users.notAllowed.title')}>
          <Text fw={600} fz="sm">
            {t('users.notAllowed.title')}
          </Text>
          <Text fz="sm">{message}</Text>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
