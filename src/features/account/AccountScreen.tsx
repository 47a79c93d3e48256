/**
 * Account (spec 002 §2 "Account screen exists"; §3 User, contact; §5 Users; §7 users/*): every
 * signed-in user's own details (names, e-mail, label: users/update_current_user), contact details
 * (users/contact) and password change. An enterprise (SSO) account is the IT admin's: shown, not
 * editable.
 */
import { Alert, Badge, Button, Center, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/queries.ts';
import { AdminPage } from '../../components/admin/AdminPage.tsx';
import { SettingsSection } from '../../components/admin/SettingsSection.tsx';
import { useEntityForm } from '../../components/admin/useEntityForm.ts';
import { showSuccess } from '../../components/toasts.ts';
import { messageOf } from '../../api/call.ts';
import { contactFormErrors } from '../../domain/users.ts';
import { email as emailRule } from '../../domain/validation/fields.ts';
import { firstName as firstNameRule, userLabel as userLabelRule } from '../../domain/validation/users.ts';
import type { ContactAnswer, CurrentUserDetails, ProfileAnswer } from '../../protocol/rest/account.ts';
import { passwordDaysLeft } from '../../app/passwordDays.ts';
import { useUserTypeLabel } from '../users/UsersTable.tsx';
import { contactQuery, saveContact, saveProfile } from './queries.ts';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';
import { EmailConfirmForm } from './EmailConfirmForm.tsx';

export function AccountScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const contact = useQuery(contactQuery);
  if (contact.isError) return <Alert color="red">{messageOf(contact.error)}</Alert>;
  if (user.data === undefined || contact.data === undefined) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return (
    <AdminPage title={t('routes.account')} description={t('account.description')}>
      {user.data.sso && (
        <Alert color="gray" variant="light">
          {t('account.details.sso')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SettingsSection title={t('account.details.title')}>
          <DetailsSummary user={user.data} />
          <ProfileForm user={user.data} />
          {!user.data.sso && <EmailConfirmForm />}
        </SettingsSection>
        <Stack gap="lg">
          <SettingsSection title={t('account.contact.title')}>
            <ContactForm contact={contact.data} editable={!user.data.sso} />
          </SettingsSection>
          <SettingsSection title={t('account.password.title')}>
            <PasswordChangeForm enabled={!user.data.sso} />
          </SettingsSection>
        </Stack>
      </SimpleGrid>
    </AdminPage>
  );
}

export default AccountScreen;

/** What the user sees but does not change here: username, type, inventories, groups, password expiry. */
function DetailsSummary({ user }: { readonly user: CurrentUserDetails }) {
  const { t } = useTranslation();
  const typeLabel = useUserTypeLabel();
  const seconds = user.secondsToPwdExpiration;
  const days = seconds === null ? null : passwordDaysLeft(seconds);
  const expiry = days === null ? t('account.details.passwordNeverExpires') : days < 0 ? t('account.details.passwordExpired') : t('account.details.passwordExpiresIn', { count: days });
  const row = (label: string, value: React.ReactNode) => (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text c="dimmed" fz="sm" w={150} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div>{value}</div>
    </Group>
  );
  const badges = (refs: readonly { id: string; name: string }[]) =>
    refs.length === 0 ? (
      <Text fz="sm">{t('account.details.none')}</Text>
    ) : (
      <Group gap={4}>
        {refs.map((ref) => (
          <Badge key={ref.id} variant="light" size="sm">
            {ref.name}
          </Badge>
        ))}
      </Group>
    );
  return (
    <Stack gap={6}>
      {row(t('account.details.username'), <Text fz="sm" fw={600}>{user.username}</Text>)}
      {row(t('account.details.userType'), <Text fz="sm">{typeLabel(user.userType)}</Text>)}
      {row(t('account.details.inventories'), badges(user.inventories))}
      {row(t('account.details.groups'), badges(user.groups.map((g) => ({ id: g.uid, name: g.name }))))}
      {row(t('account.details.passwordExpires'), <Text fz="sm">{expiry}</Text>)}
    </Stack>
  );
}

interface ProfileValues extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  email: string;
  userLabel: string;
}

/** spec 002 §5: first name starts uppercase, e-mail valid (and unique: the server's word), label at most 30. */
function ProfileForm({ user }: { readonly user: CurrentUserDetails }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editable = !user.sso;
  const { form, submitting, formError, onSubmit } = useEntityForm<ProfileValues, ProfileAnswer>({
    initialValues: { firstName: user.firstName, lastName: user.lastName, email: user.email ?? '', userLabel: user.userLabel },
    validate: (values) => {
      const errors: Record<string, string> = {};
      const first = firstNameRule(values.firstName);
      const mail = emailRule(values.email);
      const label = userLabelRule(values.userLabel);
      if (first !== null) errors['firstName'] = first;
      if (mail !== null) errors['email'] = mail;
      if (label !== null) errors['userLabel'] = label;
      return errors;
    },
    save: (values) => saveProfile(queryClient, { firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim(), userLabel: values.userLabel.trim() }),
    // A new e-mail changes once the code mailed to it is confirmed (issue 16 item 5): say where it went.
    onSaved: (answer) => showSuccess(answer.emailConfirmationSentTo === undefined ? t('account.details.saved') : t('account.details.confirmationSent', { address: answer.emailConfirmationSentTo })),
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('account.details.title')}>
      <Stack gap="sm">
        {formError !== null && (
          <Alert color="red" variant="light" title={t('kit.form.refused')} role="alert">
            {formError}
          </Alert>
        )}
        <Group grow align="flex-start">
          <TextInput label={t('account.details.firstName')} readOnly={!editable} {...form.getInputProps('firstName')} />
          <TextInput label={t('account.details.lastName')} readOnly={!editable} {...form.getInputProps('lastName')} />
        </Group>
        <TextInput label={t('account.details.email')} type="email" readOnly={!editable} {...form.getInputProps('email')} />
        <TextInput label={t('account.details.userLabel')} description={t('account.details.userLabelHint')} readOnly={!editable} {...form.getInputProps('userLabel')} />
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              {t('account.details.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

interface ContactValues extends Record<string, unknown> {
  phone: string;
  company: string;
  address: string;
}

/** Contact details (fields ours): phone digits only ("Must only contain numeric characters"). */
function ContactForm({ contact, editable }: { readonly contact: ContactAnswer; readonly editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submitting, formError, onSubmit } = useEntityForm<ContactValues, ContactAnswer>({
    initialValues: { phone: contact.phone, company: contact.company, address: contact.address },
    validate: (values) => contactFormErrors({ phone: values.phone.trim(), company: values.company.trim(), address: values.address.trim() }),
    save: (values) => saveContact(queryClient, { phone: values.phone.trim(), company: values.company.trim(), address: values.address.trim() }),
    onSaved: () => showSuccess(t('account.contact.saved')),
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('account.contact.title')}>
      <Stack gap="sm">
        {formError !== null && (
          <Alert color="red" variant="light" title={t('kit.form.refused')} role="alert">
            {formError}
          </Alert>
        )}
        <TextInput label={t('account.contact.phone')} description={t('account.contact.phoneHint')} inputMode="numeric" readOnly={!editable} {...form.getInputProps('phone')} />
        <TextInput label={t('account.contact.company')} readOnly={!editable} {...form.getInputProps('company')} />
        <TextInput label={t('account.contact.address')} readOnly={!editable} {...form.getInputProps('address')} />
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              {t('account.contact.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
