/**
 * The account screen's calls, each through `call(endpoint)` (src/api/call.ts). The signed-in user's
 * details and client configuration are the shell's queries (src/api/queries.ts): a save here puts
 * the server's answer in their cache, so the header and the password notice follow at once.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { queryKeys } from '../../api/queries.ts';
import * as account from '../../protocol/rest/account.ts';
import type { Contact, PasswordChange, ProfileChanges } from '../../protocol/rest/account.ts';

export const accountKeys = {
  /** Under 'session': dropped with the rest of the user's data on sign-in and sign-out. */
  contact: ['session', 'account', 'contact'] as const,
};

export const contactQuery = queryOptions({
  queryKey: accountKeys.contact,
  queryFn: ({ signal }) => call(account.getContact, {}, { signal }),
});

/** Saves the profile; the answer replaces the cached current user. */
export async function saveProfile(queryClient: QueryClient, body: ProfileChanges) {
  const answer = await call(account.updateCurrentUser, { body });
  const { emailConfirmationSentTo: _sentTo, ...user } = answer;
  queryClient.setQueryData(queryKeys.currentUser, user);
  void queryClient.invalidateQueries({ queryKey: accountKeys.contact });
  return answer;
}

/** Confirms a new e-mail with the mailed code; the answer replaces the cached current user. */
export async function confirmEmail(queryClient: QueryClient, token: string) {
  const user = await call(account.confirmEmail, { body: { token } });
  queryClient.setQueryData(queryKeys.currentUser, user);
  return user;
}

export async function saveContact(queryClient: QueryClient, body: Contact) {
  const contact = await call(account.saveContact, { body });
  queryClient.setQueryData(accountKeys.contact, contact);
  return contact;
}

/** Changes the password; the client configuration (its password expiry) is read again. */
export async function changePassword(queryClient: QueryClient, body: PasswordChange) {
  const changed = await call(account.changePassword, { body });
  await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.configuration }), queryClient.invalidateQueries({ queryKey: queryKeys.currentUser })]);
  return changed;
}
