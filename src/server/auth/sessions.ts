import { createHash, randomBytes } from 'node:crypto';
import type { Store } from '../store/store.ts';
import type { User } from '../areas/users/repo.ts';

/** Name of the session cookie (HttpOnly, SameSite=Strict, Path=/). */
export const SESSION_COOKIE = 'luc_session';
/** A session unused for 8 hours (one shift) ends; the console polls every 5 min (spec 002 §7), which keeps it alive. */
export const SESSION_IDLE_MS = 8 * 60 * 60_000;
/** However active, a session ends 7 days after sign-in. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60_000;
/** last_seen_at is written at most once a minute per session, not on every call. */
export const SESSION_TOUCH_EVERY_MS = 60_000;
/** 32 random bytes, base64url in the cookie. */
export const SESSION_TOKEN_BYTES = 32;

export interface ResolvedSession {
  sessionId: string;
  user: User;
  groupIds: string[];
}

/** The stored id of a token: its SHA-256, so a leaked database holds no usable cookie. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export class SessionService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts a session; returns the cookie token (shown once, never stored) and the stored id. */
  async create(userId: string): Promise<{ token: string; sessionId: string; expiresAt: number }> {
    const token = randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
    const sessionId = sessionIdOf(token);
    const now = this.now();
    const expiresAt = now + SESSION_IDLE_MS;
    await this.store.sessions.insert({
      id: sessionId,
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      absoluteExpiresAt: now + SESSION_ABSOLUTE_MS,
    });
    return { token, sessionId, expiresAt };
  }

  /** The live session of a cookie token, pushing its idle expiry forward; null when unknown, expired or the user is inactive. */
  async resolve(token: string | undefined): Promise<ResolvedSession | null> {
    if (token === undefined || token.length < 16 || token.length > 128) return null;
    const sessionId = sessionIdOf(token);
    const session = await this.store.sessions.get(sessionId);
    if (!session) return null;
    const now = this.now();
    if (session.expiresAt <= now || session.absoluteExpiresAt <= now) {
      await this.store.sessions.delete(sessionId);
      return null;
    }
    const user = await this.store.users.get(session.userId);
    if (!user || !user.active) return null;
    if (now - session.lastSeenAt >= SESSION_TOUCH_EVERY_MS) {
      await this.store.sessions.touch(sessionId, now, Math.min(now + SESSION_IDLE_MS, session.absoluteExpiresAt));
    }
    return { sessionId, user, groupIds: await this.store.users.groupIds(user.id) };
  }

  async end(sessionId: string): Promise<boolean> {
    return this.store.sessions.delete(sessionId);
  }

  async purgeExpired(): Promise<number> {
    return this.store.sessions.purgeExpired(this.now());
  }
}
