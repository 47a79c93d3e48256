/**
 * The simulated mail service (issue 16 item 5): this product has no mail server, so every message
 * the server sends is written to the `mail_outbox` table (migration 0016) instead. Tests read it
 * (`messagesTo`), and a deployment with a real mail service would replace `send` alone.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

export interface MailMessage {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  /** ms since the epoch */
  readonly sentAt: number;
}

export class MailOutbox {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  async send(to: string, subject: string, body: string): Promise<void> {
    await this.db.insertInto('mail_outbox').values({ id: `MAIL-${randomUUID()}`, to_address: to, subject, body, created_at: this.now() }).execute();
  }

  /** The messages sent to an address (without case), oldest first. */
  async messagesTo(address: string): Promise<MailMessage[]> {
    const rows = await this.db.selectFrom('mail_outbox').selectAll().orderBy('created_at').orderBy('id').execute();
    const wanted = address.toLowerCase();
    return rows.filter((r) => r.to_address.toLowerCase() === wanted).map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, body: r.body, sentAt: r.created_at }));
  }
}
