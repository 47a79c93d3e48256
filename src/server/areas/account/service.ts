/**
 * The signed-in user's own account (spec 002 §3 User, §5 Users, §7 users/*): details, profile,
 * contact, password change. Rules come from the domain (src/domain/validation/users.ts,
 * src/domain/users.ts); SQL from the users repository; HTTP stays in routes.ts.
 */
import { email as emailCheck } from '../../../domain/validation/fields.ts';
import { firstName as firstNameCheck, USER_MESSAGES, userEditBlocked, userLabel as userLabelCheck } from '../../../domain/validation/users.ts';
import { contactFormErrors, nextPasswordExpiry, passwordChangeErrors } from '../../../domain/users.ts';
import type { Contact, ContactAnswer, CurrentUserDetails, PasswordChange, ProfileAnswer, ProfileChanges } from '../../../protocol/rest/account.ts';
import { EmailChanges } from './emailChange.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { forbidden, notFound, refuseFields } from '../../http/errors.ts';
import type { RequestAuth } from '../../http/requestAuth.ts';
import type { Store } from '../../store/store.ts';
import type { User } from '../users/repo.ts';

/** Seconds until the password expires (spec 002 §3 secondsToPwdExpiration); null without an expiry policy. */
export function secondsToExpiry(user: Pick<User, 'passwordExpiresAt'>, now: number): number | null {
  return user.passwordExpiresAt === null ? null : Math.floor((user.passwordExpiresAt - now) / 1000);
}

/** The current user as the console reads it (spec 002 §3 "User"): their groups and inventories. */
export async function userDetails(store: Store, user: User, now: number): Promise<CurrentUserDetails> {
  const [groups, row] = await Promise.all([store.groups.forUser(user.id), store.users.row(user.id)]);
  return {
    id: user.id,
    userId: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    userLabel: user.userLabel,
    userType: user.userType,
    active: user.active,
    sso: user.sso,
    superuser: user.userType === 'super_user',
    groups: groups.map((g) => ({ uid: g.uid, name: g.name, inventoryId: g.inventoryId })),
    inventories: row?.inventories ?? [],
    passwordExpirationDate: user.passwordExpiresAt,
    secondsToPwdExpiration: secondsToExpiry(user, now),
    forcePasswordChange: user.forcePasswordChange,
  };
}

/** How a session's websockets are closed (the gateway's, through RouteDeps). */
export type CloseSessionSockets = (sessionId: string) => void;

export class AccountService {
  private readonly emailChanges: EmailChanges;

  constructor(
    private readonly store: Store,
    private readonly closeSessionSockets: CloseSessionSockets,
    private readonly now: () => number,
  ) {
    this.emailChanges = new EmailChanges(store, now);
  }

  details(user: User): Promise<CurrentUserDetails> {
    return userDetails(this.store, user, this.now());
  }

  /**
   * spec 002 §5: first name starts uppercase, e-mail valid, user label at most 30. An SSO user's
   * account is the IT admin's (403). '' clears the e-mail; a new one waits for its confirmation.
   */
  async updateProfile(user: User, changes: ProfileChanges): Promise<ProfileAnswer> {
    const blocked = userEditBlocked(user);
    if (blocked !== null) throw forbidden(blocked);
    const email = changes.email === undefined ? undefined : changes.email === null || changes.email.trim() === '' ? null : changes.email.trim();
    refuseFields({
      firstName: changes.firstName === undefined ? null : firstNameCheck(changes.firstName),
      email: typeof email === 'string' ? emailCheck(email) : null,
      userLabel: changes.userLabel === undefined ? null : userLabelCheck(changes.userLabel),
    });
    // A new address is not taken at once (issue 16 item 5): a code goes to it, and the answer is the
    // same whether another account uses it or not (emailChange.ts). Clearing it is immediate.
    const newAddress = typeof email === 'string' && email.toLowerCase() !== (user.email ?? '').toLowerCase() ? email : undefined;
    const result = await this.store.users.updateProfile(user.id, {
      ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
      ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
      ...(email === null ? { email } : {}),
      ...(changes.userLabel !== undefined ? { userLabel: changes.userLabel } : {}),
    });
    if (!result.ok) {
      if (result.reason === 'email-taken') refuseFields({ email: USER_MESSAGES.emailUsedByAnotherUser }, 409);
      throw notFound('User not found');
    }
    if (newAddress !== undefined) await this.emailChanges.request(result.user, newAddress);
    return { ...(await this.details(result.user)), ...(newAddress !== undefined ? { emailConfirmationSentTo: newAddress } : {}) };
  }

  /** users/confirm_email: the code mailed to the new address changes the e-mail. */
  async confirmEmail(user: User, token: string): Promise<CurrentUserDetails> {
    return this.details(await this.emailChanges.confirm(user, token));
  }

  async contact(user: User): Promise<ContactAnswer> {
    const stored = await this.store.users.contact(user.id);
    return {
      userId: user.id,
      email: user.email,
      phone: stored?.phone ?? '',
      company: stored?.company ?? '',
      address: stored?.address ?? '',
      updatedAt: stored?.updatedAt ?? null,
    };
  }

  /** Phone digits only ("Must only contain numeric characters"), texts trimmed; every field replaced. */
  async saveContact(user: User, body: Contact): Promise<ContactAnswer> {
    const contact = { phone: body.phone.trim(), company: body.company.trim(), address: body.address.trim() };
    refuseFields(contactFormErrors(contact));
    await this.store.users.saveContact(user.id, contact, this.now());
    return this.contact(user);
  }

  /**
   * spec 002 §5, §8: the old password must match ("Old password does not match"), the new one
   * follow the rules, the confirmation match it ("Passwords do not match"). Every failing field
   * is answered at once. The new password keeps the user's expiry policy (90 days more, or none);
   * the user's other sessions end (a password change is how one locks out a stolen session).
   */
  async changePassword(auth: RequestAuth, body: PasswordChange) {
    const { user } = auth;
    const blocked = userEditBlocked(user);
    if (blocked !== null) throw forbidden(blocked);
    const fields: Record<string, string | undefined> = { ...passwordChangeErrors(body) };
    if (fields['oldPassword'] === undefined) {
      const stored = await this.store.users.credentials(user.username);
      if (stored === undefined) throw notFound('User not found');
      if (!(await verifyPassword(body.oldPassword, stored.password))) fields['oldPassword'] = USER_MESSAGES.oldPasswordDoesNotMatch;
    }
    refuseFields({ oldPassword: fields['oldPassword'], password: fields['password'], passwordConfirmation: fields['passwordConfirmation'] });
    const now = this.now();
    const expiresAt = nextPasswordExpiry(user.passwordExpiresAt, now);
    const hash = await hashPassword(body.password);
    const ended = await this.store.transaction(async (tx) => {
      await tx.users.setPassword(user.id, hash, now, expiresAt);
      await tx.users.updateAccount(user.id, { forcePasswordChange: false });
      return tx.sessions.deleteOfUser(user.id, auth.principal.sessionId);
    });
    for (const sessionId of ended) this.closeSessionSockets(sessionId);
    return { passwordExpirationDate: expiresAt, secondsToPwdExpiration: secondsToExpiry({ passwordExpiresAt: expiresAt }, now), otherSessionsEnded: ended.length };
  }
}
