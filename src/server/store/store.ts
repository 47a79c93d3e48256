import type Database from 'better-sqlite3';
import { openDatabase } from './db.ts';
import { InventoryRepo } from './inventories.ts';
import { GroupRepo } from './groups.ts';
import { UserRepo } from './users.ts';
import { SessionRepo } from './sessions.ts';
import { PreferencesRepo } from './preferences.ts';
import { UnitRepo } from './units.ts';
import { ChannelRepo, ServerRepo } from './servers.ts';
import { NotificationRepo } from './notifications.ts';
import { ClientApplicationRepo } from './clientApplications.ts';

/**
 * The SQLite store: one connection, one repository per table family, every statement prepared
 * once. Multi-row writes run in transactions inside the repositories.
 */
export class Store {
  readonly inventories: InventoryRepo;
  readonly groups: GroupRepo;
  readonly users: UserRepo;
  readonly sessions: SessionRepo;
  readonly preferences: PreferencesRepo;
  readonly units: UnitRepo;
  readonly servers: ServerRepo;
  readonly channels: ChannelRepo;
  readonly notifications: NotificationRepo;
  readonly clientApplications: ClientApplicationRepo;

  constructor(readonly db: Database.Database) {
    this.inventories = new InventoryRepo(db);
    this.groups = new GroupRepo(db);
    this.users = new UserRepo(db);
    this.sessions = new SessionRepo(db);
    this.preferences = new PreferencesRepo(db);
    this.units = new UnitRepo(db);
    this.servers = new ServerRepo(db);
    this.channels = new ChannelRepo(db);
    this.notifications = new NotificationRepo(db);
    this.clientApplications = new ClientApplicationRepo(db);
  }

  /** Runs `fn` in one transaction: all its writes are stored, or none (an exception rolls back). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /** True when nothing has been created yet (first start): no inventories and no users. */
  isEmpty(): boolean {
    return this.inventories.count() === 0 && this.users.count() === 0;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** Opens (creating and migrating on first start) the store at `file`. */
export function openStore(file: string): Store {
  return new Store(openDatabase(file));
}
