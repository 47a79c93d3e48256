/**
 * Streaming destinations of a channel (spec 001 §3), migration 0009: what the answers show is in
 * details_json, the credentials (password, SRT passphrase) in secrets_json, which no listing reads.
 */
import type { Selectable } from 'kysely';
import type { ChannelDestinationsTable } from '../../store/schema.ts';
import { lowerOf, parseJsonColumn, type Db } from '../../store/queries.ts';

export interface DestinationSecrets {
  password?: string;
  passphrase?: string;
}

export interface StoredDestination {
  id: string;
  channelId: string;
  name: string;
  /** Every answered field but id, channelId, name, the has* flags and active. */
  details: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

const toDestination = (r: Selectable<ChannelDestinationsTable>): StoredDestination => ({
  id: r.id,
  channelId: r.channel_id,
  name: r.name,
  details: parseJsonColumn<Record<string, unknown>>(r.details_json, {}),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export class DestinationRepo {
  constructor(private readonly db: Db) {}

  async listOfChannel(channelId: string): Promise<StoredDestination[]> {
    const rows = await this.db.selectFrom('channel_destinations').selectAll().where('channel_id', '=', channelId).orderBy(lowerOf('name')).orderBy('id').execute();
    return rows.map(toDestination);
  }

  async get(id: string): Promise<StoredDestination | undefined> {
    const row = await this.db.selectFrom('channel_destinations').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toDestination(row);
  }

  /** Which credentials are set (never their values). */
  async secretsOf(id: string): Promise<DestinationSecrets> {
    const row = await this.db.selectFrom('channel_destinations').select('secrets_json').where('id', '=', id).executeTakeFirst();
    return parseJsonColumn<DestinationSecrets>(row?.secrets_json ?? '{}', {});
  }

  /** Which destinations of a channel have a password / passphrase set. */
  async credentialFlags(channelId: string): Promise<Map<string, { hasPassword: boolean; hasPassphrase: boolean }>> {
    const rows = await this.db.selectFrom('channel_destinations').select(['id', 'secrets_json']).where('channel_id', '=', channelId).execute();
    return new Map(
      rows.map((r) => {
        const secrets = parseJsonColumn<DestinationSecrets>(r.secrets_json, {});
        return [r.id, { hasPassword: (secrets.password ?? '') !== '', hasPassphrase: (secrets.passphrase ?? '') !== '' }];
      }),
    );
  }

  async insert(destination: StoredDestination, secrets: DestinationSecrets): Promise<void> {
    await this.db
      .insertInto('channel_destinations')
      .values({
        id: destination.id,
        channel_id: destination.channelId,
        name: destination.name,
        details_json: JSON.stringify(destination.details),
        secrets_json: JSON.stringify(secrets),
        created_at: destination.createdAt,
        updated_at: destination.updatedAt,
      })
      .execute();
  }

  async update(id: string, name: string, details: Record<string, unknown>, secrets: DestinationSecrets, updatedAt: number): Promise<void> {
    await this.db
      .updateTable('channel_destinations')
      .set({ name, details_json: JSON.stringify(details), secrets_json: JSON.stringify(secrets), updated_at: updatedAt })
      .where('id', '=', id)
      .execute();
  }

  async remove(id: string): Promise<number> {
    const result = await this.db.deleteFrom('channel_destinations').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
