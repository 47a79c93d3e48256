/**
 * The demo's second broadcaster (issue 16 item 7: the demo shows tenancy). The 14 demo users of
 * demo.ts keep everything they see; this adds another customer beside them, with its own
 * inventory, two groups, media servers and channels, units the simulator runs, stories, shares, a
 * video return channel and three users of its own (`bayside_regular`, `bayside_admin`, `bayside_read`).
 * Neither side sees the other's units, groups or channels (the super user sees both), so a new
 * user, and the tests, see that groups separate data. Written on the demo's first start (main.ts),
 * after seedDemo, with the same demo password.
 */
import type { UserType } from '../domain/roles/userTypes.ts';
import { INVENTORY_FEATURE_FLAG_NAMES } from '../domain/roles/roleSets.ts';
import type { ChannelType } from '../domain/channels.ts';
import { hashPassword } from './auth/password.ts';
import { DEMO_PASSWORD_LIFETIME_MS, seedDemoShares, seedDemoStories, type DemoOptions } from './demo.ts';
import type { Store } from './store/store.ts';

export const BAYSIDE_INVENTORY = { id: 'INV-BAYSIDE', name: 'Bayside', region: 'eu-north', customer: 'Bayside Broadcasting' } as const;

/** Group names follow spec 002 §5 (letters, numbers, underscores, hyphens). */
export const BAYSIDE_GROUPS = [
  { id: 'G-BAYSIDE-NEWS', name: 'Bayside-News', inventoryId: BAYSIDE_INVENTORY.id },
  { id: 'G-BAYSIDE-SPORT', name: 'Bayside-Sport', inventoryId: BAYSIDE_INVENTORY.id },
] as const;

/**
 * The second broadcaster's users: `bayside_` + the user type without its `luc_` (bayside_regular…),
 * so no name contains a first-broadcaster user's (a super user's lists show both).
 */
export const BAYSIDE_USER_TYPES = ['luc_regular', 'luc_admin', 'luc_read'] as const satisfies readonly UserType[];
export const baysideUsername = (type: (typeof BAYSIDE_USER_TYPES)[number]): string => `bayside_${type.replace(/^luc_/, '')}`;

/** Units of the second broadcaster (uids B000001…, names `Bay-…`), whatever LUC_SIM_UNITS says. */
export const BAYSIDE_UNIT_COUNT = 12;

const MEDIA_SERVER = { id: 'MMH-BAYSIDE', name: 'MMH-Bayside-01', channels: ['preview', 'output', 'distributor'] as const satisfies readonly ChannelType[] };
const VR_SERVER = { id: 'VR-BAYSIDE', name: 'VR-Bayside-01' };
const CHANNEL_LABEL: Record<(typeof MEDIA_SERVER.channels)[number], string> = { preview: 'Preview', output: 'Output', distributor: 'Distributor' };

export async function seedSecondBroadcaster(store: Store, options: Pick<DemoOptions, 'password' | 'seed' | 'makeUnitSeeds' | 'now'>): Promise<void> {
  const { now } = options;
  const hashes = await Promise.all(BAYSIDE_USER_TYPES.map(() => hashPassword(options.password)));
  const seeds = options
    .makeUnitSeeds({ count: BAYSIDE_UNIT_COUNT, seed: options.seed + 1, groups: BAYSIDE_GROUPS.map((g) => ({ groupId: g.id, inventoryId: g.inventoryId })) })
    // Names and serials that contain none of the first broadcaster's (a super user sees both fleets;
    // "Bay-Warsaw-800-00100" would also match a search for "Warsaw-800-00100"); serials keep the
    // spec's XNXXXNNNN / XXXXXNNNN shape.
    .map((s) => ({ ...s, uid: `B${s.uid.slice(1)}`, name: `BAY_${s.name.replaceAll('-', '_')}`, serial: `B${s.serial.slice(1)}` }));
  await store.transaction(async (tx) => {
    await tx.inventories.insert({ ...BAYSIDE_INVENTORY, parentId: null, features: [...INVENTORY_FEATURE_FLAG_NAMES], createdAt: now });
    for (const g of BAYSIDE_GROUPS) await tx.groups.insert({ ...g, autoAssociation: false, unitAutoAssociation: false, createdAt: now });
    const server = (id: string, name: string, type: 'mmh' | 'videoReturn') => ({
      id,
      name,
      type,
      serial: `SN-${id}`,
      swVersion: '8.5.0',
      alias: name,
      inventoryId: BAYSIDE_INVENTORY.id,
      maxChannels: type === 'mmh' ? 16 : 8,
      cloudRegion: BAYSIDE_INVENTORY.region,
      config: {},
      createdAt: now,
    });
    await tx.servers.insert(server(MEDIA_SERVER.id, MEDIA_SERVER.name, 'mmh'));
    await tx.servers.insert(server(VR_SERVER.id, VR_SERVER.name, 'videoReturn'));
    for (const g of BAYSIDE_GROUPS) {
      for (const type of MEDIA_SERVER.channels) {
        await tx.channels.insert({
          id: `CH-${g.id.replace(/^G-/, '')}-${type.toUpperCase()}`,
          name: `${g.name}-${CHANNEL_LABEL[type]}`,
          type,
          serverId: MEDIA_SERVER.id,
          groupId: g.id,
          inventoryId: BAYSIDE_INVENTORY.id,
          config: {},
          createdAt: now,
        });
      }
    }
    for (const [i, userType] of BAYSIDE_USER_TYPES.entries()) {
      const password = hashes[i];
      if (password === undefined) throw new Error('missing demo password hash');
      const username = baysideUsername(userType);
      await tx.users.insert(
        {
          id: `USR-${username.toUpperCase()}`,
          username,
          firstName: 'Bayside',
          lastName: userType.replace(/^luc_/, '').replace(/^./, (c) => c.toUpperCase()),
          email: `${username}@demo.luc.invalid`,
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
        BAYSIDE_GROUPS.map((g) => g.id),
      );
    }
    await tx.units.insertMany(seeds, now);
    await seedDemoStories(tx, [BAYSIDE_INVENTORY], now);
    await seedDemoShares(tx, [BAYSIDE_INVENTORY], BAYSIDE_GROUPS, now);
    await tx.vrChannels.insert(
      'VRC-BAYSIDE-1',
      {
        name: 'Bayside-Studio-SRT',
        description: 'Program feed',
        inventoryId: BAYSIDE_INVENTORY.id,
        serverId: VR_SERVER.id,
        inputType: 'srt',
        srtMode: 'listener',
        url: '',
        passphrase: '',
        destinationPort: 9101,
        internalIp: '10.0.9.11',
        externalIp: '203.0.113.91',
        serialNumber: 'VRS-BAYSIDE-1',
      },
      now,
    );
    for (const g of BAYSIDE_GROUPS) await tx.groups.setVrChannel(g.id, 'VRC-BAYSIDE-1', true);
  });
}
