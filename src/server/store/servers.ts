import type Database from 'better-sqlite3';
import type { ServerType } from '../../domain/servers.ts';
import type { ChannelType } from '../../domain/channels.ts';
import { parseJsonColumn } from './db.ts';

/** A media server (spec 001 §3): MMH, video return, transceiver or ingest. */
export interface StoredServer {
  id: string;
  name: string;
  type: ServerType;
  serial: string;
  swVersion: string;
  alias: string;
  inventoryId: string | null;
  maxChannels: number;
  cloudRegion: string;
  config: Record<string, unknown>;
  createdAt: number;
}

/** A server-side channel (spec 001 §3). */
export interface StoredChannel {
  id: string;
  name: string;
  type: ChannelType;
  serverId: string | null;
  groupId: string | null;
  inventoryId: string | null;
  config: Record<string, unknown>;
  createdAt: number;
}

interface ServerRow {
  id: string;
  name: string;
  type: ServerType;
  serial: string;
  sw_version: string;
  alias: string;
  inventory_id: string | null;
  max_channels: number;
  cloud_region: string;
  config_json: string;
  created_at: number;
}

interface ChannelRow {
  id: string;
  name: string;
  type: ChannelType;
  server_id: string | null;
  group_id: string | null;
  inventory_id: string | null;
  config_json: string;
  created_at: number;
}

const toServer = (r: ServerRow): StoredServer => ({
  id: r.id,
  name: r.name,
  type: r.type,
  serial: r.serial,
  swVersion: r.sw_version,
  alias: r.alias,
  inventoryId: r.inventory_id,
  maxChannels: r.max_channels,
  cloudRegion: r.cloud_region,
  config: parseJsonColumn<Record<string, unknown>>(r.config_json, {}),
  createdAt: r.created_at,
});

const toChannel = (r: ChannelRow): StoredChannel => ({
  id: r.id,
  name: r.name,
  type: r.type,
  serverId: r.server_id,
  groupId: r.group_id,
  inventoryId: r.inventory_id,
  config: parseJsonColumn<Record<string, unknown>>(r.config_json, {}),
  createdAt: r.created_at,
});

export class ServerRepo {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly listStmt;
  private readonly groupStmt;

  constructor(db: Database.Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO servers (id, name, type, serial, sw_version, alias, inventory_id, max_channels, cloud_region, config_json, created_at)
       VALUES (@id, @name, @type, @serial, @swVersion, @alias, @inventoryId, @maxChannels, @cloudRegion, @config, @createdAt)`,
    );
    this.getStmt = db.prepare<[string], ServerRow>('SELECT * FROM servers WHERE id = ?');
    this.listStmt = db.prepare<[], ServerRow>('SELECT * FROM servers ORDER BY name');
    // A server is shown to the groups of its channels; the first by id answers for the websocket topic.
    this.groupStmt = db.prepare<[string], { group_id: string }>(
      'SELECT group_id FROM channels WHERE server_id = ? AND group_id IS NOT NULL ORDER BY group_id LIMIT 1',
    );
  }

  insert(server: StoredServer): void {
    this.insertStmt.run({ ...server, config: JSON.stringify(server.config) });
  }

  get(id: string): StoredServer | undefined {
    const row = this.getStmt.get(id);
    return row && toServer(row);
  }

  list(): StoredServer[] {
    return this.listStmt.all().map(toServer);
  }

  groupOf(id: string): string | undefined {
    return this.groupStmt.get(id)?.group_id;
  }
}

export class ChannelRepo {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly listStmt;
  private readonly byGroupStmt;

  constructor(db: Database.Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO channels (id, name, type, server_id, group_id, inventory_id, config_json, created_at)
       VALUES (@id, @name, @type, @serverId, @groupId, @inventoryId, @config, @createdAt)`,
    );
    this.getStmt = db.prepare<[string], ChannelRow>('SELECT * FROM channels WHERE id = ?');
    this.listStmt = db.prepare<[], ChannelRow>('SELECT * FROM channels ORDER BY name');
    this.byGroupStmt = db.prepare<[string], ChannelRow>('SELECT * FROM channels WHERE group_id = ? ORDER BY name');
  }

  insert(channel: StoredChannel): void {
    this.insertStmt.run({ ...channel, config: JSON.stringify(channel.config) });
  }

  get(id: string): StoredChannel | undefined {
    const row = this.getStmt.get(id);
    return row && toChannel(row);
  }

  list(): StoredChannel[] {
    return this.listStmt.all().map(toChannel);
  }

  listByGroup(groupId: string): StoredChannel[] {
    return this.byGroupStmt.all(groupId).map(toChannel);
  }

  groupOf(id: string): string | undefined {
    return this.getStmt.get(id)?.group_id ?? undefined;
  }
}
