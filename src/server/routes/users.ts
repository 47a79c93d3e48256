import type { FastifyRequest } from 'fastify';
import { email as emailCheck } from '../../domain/validation/fields.ts';
import { firstName as firstNameCheck, userEditBlocked, userLabel as userLabelCheck, USER_MESSAGES } from '../../domain/validation/users.ts';
import { NAME_MAX_CHARS } from '../../domain/constants.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { authOf } from '../http/requestAuth.ts';
import type { Store } from '../store/store.ts';
import type { User } from '../areas/users/repo.ts';
import type { RouteArea } from './area.ts';

/** The current user as the console reads it (spec 002 §3 "User"). */
export async function userDetails(store: Store, user: User, now: number): Promise<Record<string, unknown>> {
  const groups = await store.groups.forUser(user.id);
  const inventories = new Map<string, string>();
  for (const g of groups) inventories.set(g.inventoryId, g.inventoryName);
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
    inventories: [...inventories].map(([id, name]) => ({ id, name })),
    passwordExpirationDate: user.passwordExpiresAt,
    secondsToPwdExpiration: secondsToExpiry(user, now),
    forcePasswordChange: user.forcePasswordChange,
  };
}

/** Seconds until the password expires (spec 002 §3 secondsToPwdExpiration); null without an expiry policy. */
export function secondsToExpiry(user: User, now: number): number | null {
  return user.passwordExpiresAt === null ? null : Math.floor((user.passwordExpiresAt - now) / 1000);
}

const USER_RESPONSE = {
  type: 'object',
  additionalProperties: true,
  properties: {
    id: { type: 'string' },
    username: { type: 'string' },
    userType: { type: 'string' },
    groups: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const;

interface ProfileBody {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  userLabel?: string;
}

/** spec 002 §7 "User and client": current user details and own-profile update. */
export const usersArea: RouteArea = (app, deps) => {
  app.get(
    '/users/fetch_current_user_details',
    { schema: { summary: 'The signed-in user', tags: ['users'], response: { 200: USER_RESPONSE } } },
    async (request: FastifyRequest) => userDetails(deps.store, authOf(request).user, deps.now()),
  );

  app.post<{ Body: ProfileBody }>(
    '/users/update_current_user',
    {
      schema: {
        summary: 'Update the signed-in user (names, e-mail, user label)',
        tags: ['users'],
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: {
            firstName: { type: 'string', maxLength: NAME_MAX_CHARS },
            lastName: { type: 'string', maxLength: NAME_MAX_CHARS },
            email: { type: ['string', 'null'], maxLength: NAME_MAX_CHARS },
            userLabel: { type: 'string', maxLength: 1024 },
          },
        },
        response: { 200: USER_RESPONSE },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const blocked = userEditBlocked(user);
      if (blocked !== null) throw forbidden(blocked);
      const body = request.body;
      // spec 002 §5 (Users): first name starts uppercase; e-mail valid; user label max 30.
      const errors: Record<string, string> = {};
      const check = (field: keyof ProfileBody, message: string | null): void => {
        if (message !== null) errors[field] = message;
      };
      if (body.firstName !== undefined) check('firstName', firstNameCheck(body.firstName));
      if (typeof body.email === 'string') check('email', emailCheck(body.email));
      if (body.userLabel !== undefined) check('userLabel', userLabelCheck(body.userLabel));
      const firstField = Object.keys(errors)[0];
      if (firstField !== undefined) throw badRequest(`body.${firstField}: ${errors[firstField]}`, { errors });
      const result = await deps.store.users.updateProfile(user.id, {
        ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
        ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
        ...(body.email !== undefined ? { email: body.email === '' ? null : body.email } : {}),
        ...(body.userLabel !== undefined ? { userLabel: body.userLabel } : {}),
      });
      if (!result.ok) {
        if (result.reason === 'email-taken') {
          throw conflict(`body.email: ${USER_MESSAGES.emailUsedByAnotherUser}`, { errors: { email: USER_MESSAGES.emailUsedByAnotherUser } });
        }
        throw notFound('User not found');
      }
      return userDetails(deps.store, result.user, deps.now());
    },
  );
};
