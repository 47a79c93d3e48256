import { seedDemoIfbServers } from './areas/servers/demo.ts';
import { USER_TYPES } from '../domain/roles/userTypes.ts';
import { INVENTORY_FEATURE_FLAG_NAMES } from '../domain/roles/roleSets.ts';
import { seedDemoGraphics } from './areas/graphics/demo.ts';
import type { ChannelType } from '../domain/channels.ts';
import type { ServerType } from '../domain/servers.ts';
import { hashPassword } from './auth/password.ts';
import type { SharePartyFields } from '../domain/shares.ts';
import type { StoryForm } from '../domain/stories.ts';
import type { Store } from './store/store.ts';
import type { UnitSeedFields } from './areas/units/repo.ts';
import { seedDemoSupport } from './areas/support/demo.ts';
import { seedDemoServicesUsage } from './areas/usageProfiles/demo.ts';
import { seedDemoSoftwareVersions } from './areas/softwareVersions/demo.ts';
import { seedDemoSystemSettings } from './areas/systemSettings/demo.ts';

/**
 * Demo data (issue 3 item 3), written once into an empty store when LUC_DEMO is on: three
 * inventories, five groups, media servers of the four types with their channels, one user per
 * user type of spec 000 §6 (username = the type), a global notification, and LUC_SIM_UNITS units
 * from the fleet helper's seeds. Ids are fixed so a demo database reads the same on every machine.
 */

/** Demo passwords expire this long after they are set (drives secondsToPwdExpiration). */
export const DEMO_PASSWORD_LIFETIME_MS = 90 * 24 * 60 * 60_000;

export const DEMO_INVENTORIES = [
  { id: 'INV-NEWS', name: 'Newsroom', region: 'us-east', customer: 'Demo Broadcasting' },
  { id: 'INV-SPORTS', name: 'Sports', region: 'eu-west', customer: 'Demo Broadcasting' },
  { id: 'INV-EVENTS', name: 'Events', region: 'ap-southeast', customer: 'Demo Live Events' },
] as const;

/** Group names follow spec 002 §5 (letters, numbers, underscores, hyphens). */
export const DEMO_GROUPS = [
  { id: 'G-NEWS-NATIONAL', name: 'News-National', inventoryId: 'INV-NEWS' },
  { id: 'G-NEWS-REGIONAL', name: 'News-Regional', inventoryId: 'INV-NEWS' },
  { id: 'G-SPORTS-FOOTBALL', name: 'Sports-Football', inventoryId: 'INV-SPORTS' },
  { id: 'G-SPORTS-MOTOR', name: 'Sports-Motor', inventoryId: 'INV-SPORTS' },
  { id: 'G-EVENTS-MUSIC', name: 'Events-Music', inventoryId: 'INV-EVENTS' },
] as const;

interface DemoServer {
  id: string;
  name: string;
  type: ServerType;
  inventoryId: string;
  maxChannels: number;
  /** Channel types on this server; each is created once per group of the inventory. */
  channels: readonly ChannelType[];
}

/** Per inventory: one MMH (preview, output, distributor channels), one video return, one transceiver (input), one ingest. */
export const DEMO_SERVERS: readonly DemoServer[] = DEMO_INVENTORIES.flatMap((inv, i) => [
  { id: `MMH-${i + 1}`, name: `MMH-${inv.name}-01`, type: 'mmh' as const, inventoryId: inv.id, maxChannels: 16, channels: ['preview', 'output', 'distributor'] as const },
  { id: `VR-${i + 1}`, name: `VR-${inv.name}-01`, type: 'videoReturn' as const, inventoryId: inv.id, maxChannels: 8, channels: [] as const },
  { id: `TRX-${i + 1}`, name: `TRX-${inv.name}-01`, type: 'transceiver' as const, inventoryId: inv.id, maxChannels: 8, channels: ['input'] as const },
  { id: `ING-${i + 1}`, name: `ING-${inv.name}-01`, type: 'ingest' as const, inventoryId: inv.id, maxChannels: 8, channels: [] as const },
]);

const CHANNEL_LABEL: Record<ChannelType, string> = {
  preview: 'Preview',
  output: 'Output',
  distributor: 'Distributor',
  input: 'Input',
  group: 'Group',
};

export interface DemoOptions {
  password: string;
  unitCount: number;
  seed: number;
  /** The fleet helper's makeUnitSeeds (src/server/sim/seeds.ts). */
  makeUnitSeeds(opts: { count: number; seed: number; groups: { groupId: string; inventoryId: string }[] }): UnitSeedFields[];
  now: number;
  /**
   * How many of DEMO_GROUPS get units (1-5; default all five). Load runs put every unit in one
   * group (the bench's UI figures: 50k units in G-NEWS-NATIONAL) with LUC_DEMO_GROUPS=1.
   */
  unitGroups?: number;
  /**
   * Copies of each group's channels (default 1). The simulator recomputes a channel's sorted user
   * list on every change, so 50k units sharing a group's 4 channels cost it O(users) per event;
   * load runs spread them with LUC_DEMO_CHANNEL_SETS (the bench's UI figures use 100).
   */
  channelSets?: number;
}

/** The most channel copies LUC_DEMO_CHANNEL_SETS may ask for. */
export const MAX_DEMO_CHANNEL_SETS = 500;

/** LUC_DEMO_CHANNEL_SETS (1-500): a knob for load runs (bench/ui); anything else means 1. */
export function demoChannelSetsFromEnv(env: Record<string, string | undefined>): number {
  const value = Number(env['LUC_DEMO_CHANNEL_SETS']);
  return Number.isInteger(value) && value >= 1 && value <= MAX_DEMO_CHANNEL_SETS ? value : 1;
}

/** LUC_DEMO_GROUPS (1-5): a knob for load runs (bench/ui); anything else means all demo groups. */
export function demoUnitGroupsFromEnv(env: Record<string, string | undefined>): number {
  const value = Number(env['LUC_DEMO_GROUPS']);
  return Number.isInteger(value) && value >= 1 && value <= DEMO_GROUPS.length ? value : DEMO_GROUPS.length;
}

function displayName(userType: string): { firstName: string; lastName: string } {
  const words = userType.replace(/^luc_/, '').split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return { firstName: words[0] ?? 'Demo', lastName: words.slice(1).join(' ') || 'User' };
}

/**
 * Fills an empty store with the demo; does nothing (returns false) when the store already holds
 * inventories or users. Every row is written in one transaction.
 */
export async function seedDemo(store: Store, options: DemoOptions): Promise<boolean> {
  if (!(await store.isEmpty())) return false;
  const { now } = options;
  const channelSets = options.channelSets ?? demoChannelSetsFromEnv(process.env);
  // Hash first (~40 ms each), then write everything in one transaction.
  const hashes = await Promise.all(USER_TYPES.map(() => hashPassword(options.password)));
  const seeds = options.makeUnitSeeds({
    count: options.unitCount,
    seed: options.seed,
    groups: DEMO_GROUPS.slice(0, options.unitGroups ?? demoUnitGroupsFromEnv(process.env)).map((g) => ({ groupId: g.id, inventoryId: g.inventoryId })),
  });
  await store.transaction(async (tx) => {
    for (const inv of DEMO_INVENTORIES) {
      await tx.inventories.insert({ ...inv, parentId: null, features: [...INVENTORY_FEATURE_FLAG_NAMES], createdAt: now });
    }
    for (const g of DEMO_GROUPS) {
      await tx.groups.insert({ ...g, autoAssociation: false, unitAutoAssociation: false, createdAt: now });
    }
    for (const s of DEMO_SERVERS) {
      await tx.servers.insert({
        id: s.id,
        name: s.name,
        type: s.type,
        serial: `SN-${s.id}`,
        swVersion: '8.5.0',
        alias: s.name,
        inventoryId: s.inventoryId,
        maxChannels: s.maxChannels,
        cloudRegion: DEMO_INVENTORIES.find((i) => i.id === s.inventoryId)?.region ?? '',
        config: {},
        createdAt: now,
      });
      for (const g of DEMO_GROUPS.filter((grp) => grp.inventoryId === s.inventoryId)) {
        for (let set = 1; set <= channelSets; set += 1) {
          for (const type of s.channels) {
            const suffix = set === 1 ? '' : `-${set}`;
            await tx.channels.insert({
              id: `CH-${g.id.replace(/^G-/, '')}-${type.toUpperCase()}${suffix}`,
              name: `${g.name}-${CHANNEL_LABEL[type]}${suffix}`,
              type,
              serverId: s.id,
              groupId: g.id,
              inventoryId: s.inventoryId,
              config: {},
              createdAt: now,
            });
          }
        }
      }
    }
    const groupIds = DEMO_GROUPS.map((g) => g.id);
    for (const [i, userType] of USER_TYPES.entries()) {
      const password = hashes[i];
      if (password === undefined) throw new Error('missing demo password hash');
      await tx.users.insert(
        {
          id: `USR-${userType.toUpperCase()}`,
          username: userType,
          ...displayName(userType),
          email: `${userType}@demo.luc.invalid`,
          userLabel: '',
          userType,
          active: true,
          sso: false,
          isDemo: true,
          password,
          passwordChangedAt: now,
          passwordExpiresAt: now + DEMO_PASSWORD_LIFETIME_MS,
          forcePasswordChange: false,
          createdAt: now,
        },
        groupIds,
      );
    }
    await tx.notifications.insert({
      id: 'NTF-DEMO-1',
      globalNotification: 'Demo back end: units, channels and servers are simulated.',
      expireDate: now + 20 * 60 * 60_000, // 20 h: shows the 24 h expiry flag (spec 002 §4)
      createdAt: now,
    });
    await tx.units.insertMany(seeds, now);
    await seedDemoStories(tx, DEMO_INVENTORIES, now);
    await seedDemoShares(tx, DEMO_INVENTORIES, DEMO_GROUPS, now);
    await seedDemoSupport(tx, seeds, now);
    await seedDemoServicesUsage(tx, DEMO_INVENTORIES, now);
    await seedDemoIfbServers(tx, DEMO_INVENTORIES, now);
    await seedDemoSoftwareVersions(tx.db, now);
    await seedDemoGraphics(tx, now);
    await seedDemoSystemSettings(tx, seeds.map((unit) => unit.uid), now); // issue 14 C1
  });
  return true;
}

/** Demo stories (issue 5): four per inventory, with fixed ids so a demo database reads the same everywhere. */
const DEMO_STORY_TEXTS: readonly Omit<StoryForm, 'crewName' | 'usageTerms'>[] = [
  { slugline: 'FLOODS-RIVERSIDE', provider: 'Newsroom', reporter: 'A. Moreau', keywords: 'weather, floods', comments: 'Live at 18:00' },
  { slugline: 'ELECTION-NIGHT', provider: 'Newsroom', reporter: 'J. Okafor', keywords: 'politics, results', comments: '' },
  { slugline: 'CITY-MARATHON', provider: 'Sports desk', reporter: 'L. Chen', keywords: 'sport, running', comments: 'Finish line camera' },
  { slugline: 'MARKET-OPEN', provider: 'Business desk', reporter: 'R. Patel', keywords: 'economy', comments: '' },
];

export async function seedDemoStories(store: Store, inventories: readonly { id: string }[], now: number): Promise<void> {
  for (const inventory of inventories) {
    const tag = inventory.id.replace(/^INV-/, '');
    for (const [i, text] of DEMO_STORY_TEXTS.entries()) {
      await store.stories.insert(`STY-${tag}-${i + 1}`, inventory.id, { ...text, crewName: `Crew ${i + 1}`, usageTerms: 'Internal use only' }, now);
    }
  }
}

/** Demo shares (issue 5): two publishers and three subscribers per inventory, fixed ids and keys. */
export async function seedDemoShares(
  store: Store,
  inventories: readonly { id: string; name: string }[],
  groups: readonly { id: string; inventoryId: string }[],
  now: number,
): Promise<void> {
  for (const inventory of inventories) {
    const tag = inventory.id.replace(/^INV-/, '');
    const groupId = groups.find((g) => g.inventoryId === inventory.id)?.id ?? null;
    const party = (kind: 'PUB' | 'SUB', i: number, name: string, description: string): SharePartyFields => ({
      id: `${kind}-${tag}-${i}`,
      inventoryId: inventory.id,
      name,
      shareKey: `${kind}-${tag}-KEY-${i}`.toLowerCase(),
      description,
      groupId,
      createdOn: now,
      createdBy: 'super_user',
    });
    await store.shares.insertPublisher(party('PUB', 1, `${inventory.name}-Main`, 'Main programme feed'));
    await store.shares.insertPublisher(party('PUB', 2, `${inventory.name}-Backup`, 'Backup feed'));
    await store.shares.insertSubscriber(party('SUB', 1, 'Affiliate-North', 'Regional affiliate, north'));
    await store.shares.insertSubscriber(party('SUB', 2, 'Affiliate-South', 'Regional affiliate, south'));
    await store.shares.insertSubscriber(party('SUB', 3, 'Partner-Network', 'Partner network exchange'));
  }
}

/**
 * Sets every demo user's password to `password` (on each start with LUC_DEMO on, so the password
 * printed at start is always the one that works, also when it was drawn at random). Returns the
 * demo usernames.
 */
export async function resetDemoPasswords(store: Store, password: string, now: number): Promise<string[]> {
  const users = await store.users.demoUsers();
  const hashes = await Promise.all(users.map(() => hashPassword(password)));
  await store.transaction(async (tx) => {
    for (const [i, u] of users.entries()) {
      const hash = hashes[i];
      if (hash) await tx.users.setPassword(u.id, hash, now, now + DEMO_PASSWORD_LIFETIME_MS);
    }
  });
  return users.map((u) => u.username);
}

/**
 * Demo video return channels (issue 13): four per inventory, given to every group of it, so each
 * state of spec 001 §4 shows at once: an SRT listener and an SDI input on the inventory's video
 * return server (input connected), a disabled input (idle), and one without a server (offline).
 * Written by main.ts on the demo's first start only (the test harness's databases keep none, so
 * areas' tests count only the channels they create).
 */
export async function seedDemoVideoReturn(store: Store, now: number): Promise<void> {
  await store.transaction(async (tx) => {
    for (const [i, inventory] of DEMO_INVENTORIES.entries()) {
      const tag = inventory.id.replace(/^INV-/, '');
      const server = `VR-${i + 1}`;
      const channels = [
        { suffix: 1, name: `${inventory.name}-Studio-SRT`, serverId: server, inputType: 'srt' as const, srtMode: 'listener' as const, destinationPort: 9001 + i, description: 'Program feed' },
        { suffix: 2, name: `${inventory.name}-Program-SDI`, serverId: server, inputType: 'sdi' as const, srtMode: null, destinationPort: null, description: 'Studio SDI out' },
        { suffix: 3, name: `${inventory.name}-Spare`, serverId: server, inputType: 'disabled' as const, srtMode: null, destinationPort: null, description: '' },
        { suffix: 4, name: `${inventory.name}-Remote`, serverId: null, inputType: 'disabled' as const, srtMode: null, destinationPort: null, description: 'Remote site' },
      ];
      for (const c of channels) {
        const id = `VRC-${tag}-${c.suffix}`;
        await tx.vrChannels.insert(
          id,
          {
            name: c.name,
            description: c.description,
            inventoryId: inventory.id,
            serverId: c.serverId,
            inputType: c.inputType,
            srtMode: c.srtMode,
            url: '',
            passphrase: '',
            destinationPort: c.destinationPort,
            internalIp: `10.0.${i + 1}.${10 + c.suffix}`,
            externalIp: `203.0.113.${10 * (i + 1) + c.suffix}`,
            serialNumber: `VRS-${tag}-${c.suffix}`,
          },
          now,
        );
        for (const g of DEMO_GROUPS.filter((grp) => grp.inventoryId === inventory.id)) await tx.groups.setVrChannel(g.id, id, true);
      }
    }
  });
}

/**
 * Demo files (issue 13): recordings that came back to each group's preview channel on its
 * inventory's MMH over the last 40 days — one to three video parts (mp4, mkv, mov, 3gp) and a
 * metadata file (xml or json) each — so the Files screen's kind and date filters have something
 * to filter. Written by main.ts on the demo's first start only.
 */
export async function seedDemoFiles(store: Store, now: number): Promise<void> {
  const DAY = 86_400_000;
  const MB = 1_048_576;
  const RECORDINGS = [
    { name: 'Interview-Mayor', ageDays: 0.2, parts: 2, ext: 'mp4', meta: 'xml' },
    { name: 'Flood-Riverside', ageDays: 3, parts: 1, ext: 'mkv', meta: 'json' },
    { name: 'Press-Conference', ageDays: 12, parts: 3, ext: 'mp4', meta: 'xml' },
    { name: 'Stadium-Arrivals', ageDays: 35, parts: 1, ext: 'mov', meta: 'xml' },
    { name: 'Street-Vox-Pop', ageDays: 1.5, parts: 1, ext: '3gp', meta: 'json' },
  ] as const;
  await store.transaction(async (tx) => {
    for (const group of DEMO_GROUPS) {
      const channelId = `CH-${group.id.replace(/^G-/, '')}-PREVIEW`;
      const channel = await tx.channels.get(channelId);
      if (channel === undefined || channel.serverId === null) continue;
      const tag = group.id.replace(/^G-/, '');
      for (const [r, rec] of RECORDINGS.entries()) {
        const at = now - Math.round(rec.ageDays * DAY);
        const base = `${tag}_${rec.name}`;
        const rootDirectory = `/recordings/${group.name}`;
        const names = Array.from({ length: rec.parts }, (_, i) => (i === 0 ? `${base}.${rec.ext}` : `${base}_part${i + 1}.${rec.ext}`));
        for (const [i, fileName] of [...names, `${base}.${rec.meta}`].entries()) {
          const metadata = i === names.length;
          await tx.files.insert(
            {
              id: `FILE-${tag}-${r + 1}-${i + 1}`,
              channelId,
              mmhId: channel.serverId,
              unitUid: null,
              luName: `${group.name}-Crew-${r + 1}`,
              fileName,
              rootDirectory,
              sizeBytes: metadata ? 2_048 + 97 * r : (120 + 173 * ((r + i) % 7)) * MB,
              lastModified: at + i * 60_000,
              isTransferring: false,
              content: null,
            },
            now,
          );
        }
      }
    }
  });
}
