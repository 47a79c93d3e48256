/**
 * Changing one's own e-mail without telling who else has an account (issue 16 item 5):
 * - a request names a new address: nothing changes yet; a code (32 random bytes, only its SHA-256
 *   stored) goes to that address through the outbox (src/server/mail/outbox.ts), valid 24 h; if
 *   another account uses the address, its owner is told instead, and the caller's answer is the
 *   same either way;
 * - the code, sent back by the same signed-in user (users/confirm_email), changes the e-mail, once;
 *   a later request replaces an earlier one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_CHANGE_TEXTS, EMAIL_CHANGE_TTL_MS } from '../../../domain/account.ts';
import { USER_MESSAGES } from '../../../domain/validation/users.ts';
import { HttpError } from '../../http/errors.ts';
import { MailOutbox } from '../../mail/outbox.ts';
import type { Store } from '../../store/store.ts';
import type { User } from '../users/repo.ts';

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

export class EmailChanges {
  private readonly outbox: MailOutbox;

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {
    this.outbox = new MailOutbox(store.db, now);
  }

  /** Asks for `address` (checked, trimmed, different from the current one); answers nothing that tells. */
  async request(user: User, address: string): Promise<void> {
    const now = this.now();
    await this.store.db.deleteFrom('email_changes').where((eb) => eb.or([eb('user_id', '=', user.id), eb('expires_at', '<=', now)])).execute();
    if (await this.store.users.emailTaken(address, user.id)) {
      await this.outbox.send(address, EMAIL_CHANGE_TEXTS.takenSubject, EMAIL_CHANGE_TEXTS.takenBody);
      return;
    }
    const token = randomBytes(32).toString('base64url');
    await this.store.db.insertInto('email_changes').values({ token_hash: hashOf(token), user_id: user.id, new_email: address, created_at: now, expires_at: now + EMAIL_CHANGE_TTL_MS }).execute();
    await this.outbox.send(address, EMAIL_CHANGE_TEXTS.confirmSubject, EMAIL_CHANGE_TEXTS.confirmBody(user.username, token, EMAIL_CHANGE_TTL_MS / 3_600_000));
  }

  /** The user's e-mail becomes the confirmed address; 400 on the token for anything else. */
  async confirm(user: User, token: string): Promise<User> {
    const row = await this.store.db.selectFrom('email_changes').selectAll().where('token_hash', '=', hashOf(token)).executeTakeFirst();
    if (row === undefined || row.user_id !== user.id || row.expires_at <= this.now()) {
      throw new HttpError(400, EMAIL_CHANGE_TEXTS.invalidToken, { fields: { token: EMAIL_CHANGE_TEXTS.invalidToken } });
    }
    await this.store.db.deleteFrom('email_changes').where('user_id', '=', user.id).execute();
    const result = await this.store.users.updateProfile(user.id, { email: row.new_email });
    // The owner of the mailbox asks: telling them the address was taken since is no leak.
    if (!result.ok) throw new HttpError(409, USER_MESSAGES.emailUsedByAnotherUser, { fields: { email: USER_MESSAGES.emailUsedByAnotherUser } });
    return result.user;
  }
}
