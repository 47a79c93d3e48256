/**
 * The users area's service (spec 002 §3 User, §5 Users, §6 user types, §8 Users): the rules of
 * src/domain/validation/users.ts and src/domain/users.ts → the users repository in one transaction
 * → ownership events and ended sessions after the commit. HTTP stays in routes.ts; SQL in repo.ts.
 *
 * Checks run in this order and the first failing step answers (each with every failing field of
 * that step): the form's rules and a known user type (400), username and e-mail taken (409), the user type the caller may
 * give (403), the inventories are the caller's (404, as an unknown one), none takes its users from an
 * external identity provider (400), a free user licence in each (409).
 */
import { randomUUID } from 'node:crypto';
import { groupsForNewUser } from '../../../domain/groups.ts';
import { externalIdentityInventoryError, USER_MESSAGES, userFormErrors, type UserForm } from '../../../domain/validation/users.ts';
import { accountChangeRefusal, licenceError, mergedInventories, ownAccountRefusal, PASSWORD_LIFETIME_MS, USER_ADMIN_MESSAGES, userTypeGrantError } from '../../../domain/users.ts';
import { isUserType } from '../../../domain/roles/userTypes.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { NewUser, UserChanges, UserRow, UserSearchKey, UserSortKey } from '../../../protocol/rest/users.ts';
import { hashPassword } from '../../auth/password.ts';
import { forbidden, HttpError, notFound, refuseFields } from '../../http/errors.ts';
import type { RequestAuth } from '../../http/requestAuth.ts';
import { inventoryFilter, seesInventory, type Tenancy } from '../../http/tenancy.ts';
import type { OwnershipEvents } from '../../ownership.ts';
import type { Store } from '../../store/store.ts';
import { constraintKind } from '../../store/queries.ts';
import type { User } from './repo.ts';

export interface UserPageAnswer {
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
  readonly items: UserRow[];
}

const shown = (id: string): string => id.slice(0, 64);

/** Who is being admitted to inventories, and what to check. */
interface Admission {
  /** The user being changed (not counted among the active users); null for a new user. */
  readonly userId: string | null;
  /** An active user takes a licence in each inventory; an inactive one none. */
  readonly takesLicence: boolean;
  /** External identity inventories take no users from the console (not checked on reactivation: the user is already there). */
  readonly checkIdentity: boolean;
}

/** A refusal on the inventories field, e.g. an inventory that is not the caller's (404 as an unknown one). */
const inventoryRefusal = (status: number, message: string): HttpError => new HttpError(status, message, { fields: { inventoryIds: message } });

export class UserService {
  constructor(
    private readonly store: Store,
    private readonly ownership: OwnershipEvents,
    private readonly closeSessionSockets: (sessionId: string) => void,
    private readonly now: () => number,
  ) {}

  /** Users of the caller's inventories (or of one of them), one page. */
  async page(tenancy: Tenancy, request: PageRequest<UserSearchKey, UserSortKey>, inventoryId?: string): Promise<UserPageAnswer> {
    if (inventoryId !== undefined && !seesInventory(tenancy, inventoryId)) throw notFound(`Inventory '${shown(inventoryId)}' not found`);
    const { total, items } = await this.store.users.page({ inventoryIds: inventoryId !== undefined ? [inventoryId] : inventoryFilter(tenancy), ...request }, inventoryFilter(tenancy));
    return { total, limit: request.limit, offset: request.offset, items };
  }

  async row(tenancy: Tenancy, id: string): Promise<UserRow> {
    const row = await this.store.users.row(id, inventoryFilter(tenancy));
    if (row === undefined) throw notFound(`User '${shown(id)}' not found`);
    return row;
  }

  /** A new user in some of the caller's inventories; they join those inventories' auto-association groups. */
  async create(auth: RequestAuth, tenancy: Tenancy, input: NewUser): Promise<UserRow> {
    const form = formOf(input);
    refuseFields({ ...userFormErrors(form, { takenEmails: [], takenUsernames: [], externalIdentityInventoryIds: [], passwordRequired: true }), ...unknownType(form.userType) });
    refuseFields(
      {
        username: (await this.store.users.usernameTaken(form.username)) ? USER_MESSAGES.usernameExists : null,
        email: (await this.store.users.emailTaken(form.email)) ? USER_MESSAGES.emailUsedByAnotherUser : null,
      },
      409,
    );
    refuseFields({ userType: userTypeGrantError(auth.roles, form.userType) }, 403);
    const inventoryIds = [...new Set(form.inventoryIds)];
    for (const id of inventoryIds) if (!seesInventory(tenancy, id)) throw inventoryRefusal(404, `Inventory '${shown(id)}' not found`);
    const password = await hashPassword(input.password);
    const now = this.now();
    const id = `USR-${randomUUID()}`;
    await this.unique(() =>
      this.store.transaction(async (tx) => {
        await this.admit(tx, inventoryIds, { userId: null, takesLicence: true, checkIdentity: true });
        const groups: string[] = [];
        for (const inventoryId of inventoryIds) groups.push(...groupsForNewUser(await tx.groups.ofInventory(inventoryId)));
        await tx.users.insert(
          {
            id,
            username: form.username,
            firstName: form.firstName,
            lastName: form.lastName,
            email: form.email,
            userLabel: form.userLabel,
            userType: form.userType ?? '',
            active: true,
            sso: false,
            isDemo: false,
            password,
            passwordChangedAt: now,
            passwordExpiresAt: now + PASSWORD_LIFETIME_MS,
            forcePasswordChange: false,
            createdAt: now,
          },
          groups,
          inventoryIds,
        );
      }),
    );
    this.ownership.emit({ kind: 'user', userId: id });
    return this.row(tenancy, id);
  }

  /**
   * Changes a user. SSO users are their IT admin's and super user / staff accounts a super user's
   * (403). Inventories the caller chooses replace the caller's part of the user's inventories (the
   * user leaves the groups of those they leave, and joins the auto-association groups of those they
   * join); a new password ends the user's sessions.
   */
  async update(auth: RequestAuth, tenancy: Tenancy, target: User, changes: UserChanges): Promise<UserRow> {
    this.mayChange(auth, target);
    const current = await this.store.users.inventoryIdsOfUser(target.id);
    const chosen = changes.inventoryIds === undefined ? current : [...new Set(changes.inventoryIds)];
    const finalInventories = mergedInventories(chosen, current, (id) => seesInventory(tenancy, id));
    const settingPassword = (changes.password ?? '') !== '';
    const form = formOf({
      username: target.username,
      firstName: changes.firstName ?? target.firstName,
      lastName: changes.lastName ?? target.lastName,
      email: changes.email ?? target.email ?? '',
      userLabel: changes.userLabel ?? target.userLabel,
      userType: changes.userType ?? target.userType,
      inventoryIds: finalInventories,
      password: changes.password ?? '',
      passwordConfirmation: changes.passwordConfirmation ?? '',
    });
    refuseFields({ ...userFormErrors(form, { takenEmails: [], takenUsernames: [], externalIdentityInventoryIds: [], passwordRequired: false }), ...unknownType(form.userType) });
    if (changes.email !== undefined) refuseFields({ email: (await this.store.users.emailTaken(form.email, target.id)) ? USER_MESSAGES.emailUsedByAnotherUser : null }, 409);
    if (changes.userType !== undefined && changes.userType !== target.userType) refuseFields({ userType: userTypeGrantError(auth.roles, changes.userType) }, 403);
    const joining = finalInventories.filter((id) => !current.includes(id));
    for (const id of joining) if (!seesInventory(tenancy, id)) throw inventoryRefusal(404, `Inventory '${shown(id)}' not found`);
    const password = settingPassword ? await hashPassword(form.password ?? '') : null;
    const now = this.now();
    const ended = await this.unique(() =>
      this.store.transaction(async (tx) => {
        await this.admit(tx, joining, { userId: target.id, takesLicence: target.active, checkIdentity: true });
        await tx.users.updateAccount(target.id, {
          ...(changes.firstName !== undefined ? { firstName: form.firstName } : {}),
          ...(changes.lastName !== undefined ? { lastName: form.lastName } : {}),
          ...(changes.email !== undefined ? { email: form.email } : {}),
          ...(changes.userLabel !== undefined ? { userLabel: form.userLabel } : {}),
          ...(changes.userType !== undefined ? { userType: form.userType ?? target.userType } : {}),
        });
        if (changes.inventoryIds !== undefined) {
          await tx.users.setInventories(target.id, finalInventories);
          const groups: string[] = [];
          for (const inventoryId of joining) groups.push(...groupsForNewUser(await tx.groups.ofInventory(inventoryId)));
          await tx.users.addToGroups(target.id, groups);
        }
        if (password === null) return [];
        await tx.users.setPassword(target.id, password, now, target.passwordExpiresAt === null ? null : now + PASSWORD_LIFETIME_MS);
        return tx.sessions.deleteOfUser(target.id);
      }),
    );
    for (const sessionId of ended) this.closeSessionSockets(sessionId);
    if (changes.inventoryIds !== undefined || changes.userType !== undefined || ended.length > 0) this.ownership.emit({ kind: 'user', userId: target.id });
    return this.row(tenancy, target.id);
  }

  /**
   * Deactivates (the user can no longer sign in; their sessions end and their websockets close) or
   * activates again (which takes a free user licence in each of their inventories).
   */
  async setActive(auth: RequestAuth, tenancy: Tenancy, target: User, active: boolean): Promise<UserRow> {
    this.mayChange(auth, target);
    if (!active) {
      const own = ownAccountRefusal(auth.user.id, target.id, 'deactivate');
      if (own !== null) throw forbidden(own);
    }
    if (target.active === active) return this.row(tenancy, target.id);
    const ended = await this.store.transaction(async (tx) => {
      // Back in the inventories they are already in: only the licences are counted again.
      if (active) await this.admit(tx, await tx.users.inventoryIdsOfUser(target.id), { userId: target.id, takesLicence: true, checkIdentity: false });
      await tx.users.setActive(target.id, active);
      return active ? [] : tx.sessions.deleteOfUser(target.id);
    });
    for (const sessionId of ended) this.closeSessionSockets(sessionId);
    this.ownership.emit({ kind: 'user', userId: target.id });
    return this.row(tenancy, target.id);
  }

  /** Deletes a user: their sessions end (websockets closed), memberships, preferences and contact go. */
  async remove(auth: RequestAuth, target: User): Promise<number> {
    this.mayChange(auth, target);
    const own = ownAccountRefusal(auth.user.id, target.id, 'delete');
    if (own !== null) throw forbidden(own);
    const sessions = await this.store.transaction(async (tx) => {
      const ids = await tx.sessions.idsOfUser(target.id);
      await tx.users.delete(target.id);
      return ids;
    });
    for (const sessionId of sessions) this.closeSessionSockets(sessionId);
    this.ownership.emit({ kind: 'user', userId: target.id });
    return 1;
  }

  /** SSO users are their IT admin's; super user and staff accounts only a super user's (403). */
  private mayChange(auth: RequestAuth, target: User): void {
    const refusal = accountChangeRefusal(auth.roles, target);
    if (refusal !== null) throw forbidden(refusal);
  }

  /**
   * The inventories may take the user: none takes its users from an external identity provider
   * (400), and, when the user is active (takes a licence), each has a free user licence (409).
   * `userId` is the user being changed: not counted among the inventories' active users.
   */
  private async admit(tx: Store, inventoryIds: readonly string[], admission: Admission): Promise<void> {
    if (inventoryIds.length === 0) return;
    const inventories = await tx.users.admissions(inventoryIds, admission.userId);
    if (admission.checkIdentity) {
      const external = externalIdentityInventoryError(inventoryIds, inventories.filter((inv) => inv.identityProvider !== '').map((inv) => inv.id));
      if (external !== null) throw inventoryRefusal(400, external);
    }
    if (!admission.takesLicence) return;
    const licences = licenceError(inventories.map((inv) => ({ inventoryId: inv.id, userLicences: inv.userLicences, activeUsers: inv.activeUsers })));
    if (licences !== null) throw inventoryRefusal(409, licences);
  }

  /** A username or e-mail taken by a concurrent request after the checks: the same 409 on its field. */
  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (constraintKind(error) === 'unique') throw new HttpError(409, USER_MESSAGES.usernameExists, { fields: { username: USER_MESSAGES.usernameExists } });
      throw error;
    }
  }
}

/** "Unknown user type" for a type that is none of the 14 (spec 002 §6); empty is the form's "required". */
function unknownType(userType: string | null): { userType?: string } {
  return userType === null || isUserType(userType) ? {} : { userType: USER_ADMIN_MESSAGES.unknownUserType };
}

/** The form the domain's rules read, from a create or a merged update; texts trimmed. */
function formOf(input: {
  readonly username: string;
  readonly firstName: string;
  readonly lastName?: string | undefined;
  readonly email: string;
  readonly userLabel?: string | undefined;
  readonly userType: string;
  readonly inventoryIds: readonly string[];
  readonly password: string;
  readonly passwordConfirmation: string;
}): UserForm & { readonly password: string } {
  return {
    username: input.username.trim(),
    firstName: input.firstName.trim(),
    lastName: (input.lastName ?? '').trim(),
    email: input.email.trim(),
    userLabel: (input.userLabel ?? '').trim(),
    userType: input.userType.trim() === '' ? null : input.userType.trim(),
    inventoryIds: input.inventoryIds,
    password: input.password,
    passwordConfirmation: input.passwordConfirmation,
  };
}
