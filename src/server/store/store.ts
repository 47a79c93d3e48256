/**
 * The store: one registry of every repository over one Kysely instance, on SQLite or PostgreSQL
 * (open it with `openStore` of database.ts). Repositories are asynchronous and written once in
 * Kysely's query builder; a multi-row write runs in one transaction inside its repository.
 */
import type { Kysely } from 'kysely';
import type { Database, StoreDialect } from './schema.ts';
import type { BulkWriter } from './storeThread.ts';
import { InventoryRepo } from '../areas/inventories/repo.ts';
import { GroupRepo } from '../areas/groups/repo.ts';
import { UserRepo } from '../areas/users/repo.ts';
import { SessionRepo } from '../areas/auth/repo.ts';
import { PreferencesRepo } from '../areas/preferences/repo.ts';
import { UnitRepo } from '../areas/units/repo.ts';
import { ServerRepo } from '../areas/servers/repo.ts';
import { ChannelRepo } from '../areas/channels/repo.ts';
import { NotificationRepo } from '../areas/notifications/repo.ts';
import { ClientApplicationRepo } from '../areas/clientApplications/repo.ts';
import { AdhocRepo } from '../areas/adhoc/repo.ts';
import { ShareRepo } from '../areas/shares/repo.ts';
import { StoryRepo } from '../areas/stories/repo.ts';
import { DestinationRepo } from '../areas/channels/destinationRepo.ts';
import { OverlayRepo } from '../areas/overlays/repo.ts';
import { AudioRoomRepo } from '../areas/audioRooms/repo.ts';
import { ActivityRepo } from '../areas/activity/repo.ts';
import { IncidentRepo, ThresholdRepo } from '../areas/incidents/repo.ts';
import { VrChannelRepo } from '../areas/videoReturn/repo.ts';
import { FileRepo } from '../areas/files/repo.ts';
import { IngestAccountRepo } from '../areas/newsroomSync/repo.ts';
import { SupportRepo } from '../areas/support/repo.ts';
import { ServiceRepo } from '../areas/services/repo.ts';
import { UsageProfileRepo, UsageRepo } from '../areas/usageProfiles/repo.ts';
import { GraphicsRepo } from '../areas/graphics/repo.ts';
// System settings, what's new, system entities (issue 14 C1)
import { SystemSettingsRepo } from '../areas/systemSettings/repo.ts';
import { WhatsNewRepo } from '../areas/whatsNew/repo.ts';
import { SystemEntitiesRepo } from '../areas/systemEntities/repo.ts';
// Scale-out (issue 18): the event outbox and the shared sign-in limits
import { OutboxRepo } from '../live/outboxRepo.ts';
import { SignInLimitRepo } from '../auth/signInLimitRepo.ts';

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
  readonly adhoc: AdhocRepo;
  readonly shares: ShareRepo;
  readonly stories: StoryRepo;
  readonly destinations: DestinationRepo;
  readonly overlays: OverlayRepo;
  readonly audioRooms: AudioRoomRepo;
  readonly activity: ActivityRepo;
  readonly incidents: IncidentRepo;
  readonly thresholds: ThresholdRepo;
  readonly vrChannels: VrChannelRepo;
  readonly files: FileRepo;
  readonly ingestAccounts: IngestAccountRepo;
  readonly support: SupportRepo;
  // issue 14: managed services, usage profiles, recorded usage
  readonly services: ServiceRepo;
  readonly usageProfiles: UsageProfileRepo;
  readonly usage: UsageRepo;
  readonly graphics: GraphicsRepo;
  // System settings, what's new, system entities (issue 14 C1)
  readonly systemSettings: SystemSettingsRepo;
  readonly whatsNew: WhatsNewRepo;
  readonly systemEntities: SystemEntitiesRepo;
  // Scale-out (issue 18): the event outbox and the shared sign-in limits
  readonly outbox: OutboxRepo;
  readonly signInLimits: SignInLimitRepo;
  private closing: Promise<void> | undefined;

  /** `db` is the root Kysely instance, or a transaction (see `transaction`). */
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: StoreDialect,
    /** A SQLite file's store thread (storeThread.ts), for the incidents' bulk inserts; none in a transaction's store. */
    readonly bulkWriter?: BulkWriter,
  ) {
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
    this.adhoc = new AdhocRepo(db);
    this.shares = new ShareRepo(db);
    this.stories = new StoryRepo(db);
    this.destinations = new DestinationRepo(db);
    this.overlays = new OverlayRepo(db);
    this.audioRooms = new AudioRoomRepo(db);
    this.activity = new ActivityRepo(db);
    this.incidents = new IncidentRepo(db, bulkWriter);
    this.thresholds = new ThresholdRepo(db);
    this.vrChannels = new VrChannelRepo(db);
    this.files = new FileRepo(db);
    this.ingestAccounts = new IngestAccountRepo(db);
    this.support = new SupportRepo(db);
    this.services = new ServiceRepo(db);
    this.usageProfiles = new UsageProfileRepo(db);
    this.usage = new UsageRepo(db);
    this.graphics = new GraphicsRepo(db);
    // System settings, what's new, system entities (issue 14 C1)
    this.systemSettings = new SystemSettingsRepo(db);
    this.whatsNew = new WhatsNewRepo(db);
    this.systemEntities = new SystemEntitiesRepo(db);
    // Scale-out (issue 18): the event outbox and the shared sign-in limits
    this.outbox = new OutboxRepo(db);
    this.signInLimits = new SignInLimitRepo(db);
  }

  /**
   * Runs `work` in one transaction: its writes through `tx` (a Store whose repositories are bound
   * to that transaction) are all stored, or none when it throws. Use `tx`, not this store, inside:
   * on SQLite the one connection is held by the transaction until it ends. Called on a transaction's
   * store, `work` joins that transaction.
   */
  async transaction<T>(work: (tx: Store) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new Store(trx, this.dialect)));
  }

  /** True when nothing has been created yet (first start): no inventories and no users. */
  async isEmpty(): Promise<boolean> {
    return (await this.inventories.count()) === 0 && (await this.users.count()) === 0;
  }

  /** Closes the connection (SQLite) or the pool (PostgreSQL); once, whatever the number of calls. A transaction's store does nothing. */
  async close(): Promise<void> {
    if (this.db.isTransaction) return;
    this.closing ??= this.db.destroy();
    await this.closing;
  }
}
