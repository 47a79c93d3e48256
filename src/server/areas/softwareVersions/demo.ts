/** Demo software versions (issue 12): the versions the demo fleet runs, offered to every inventory and device. */
import type { Db } from '../../store/queries.ts';
import { SoftwareVersionRepo } from './repo.ts';

export const DEMO_SOFTWARE_VERSIONS: readonly { version: string; description: string }[] = [
  { version: '6.4.2', description: 'Long-term support release for older field units' },
  { version: '7.5.1', description: 'Speed test and improved bonding' },
  { version: '7.8.2', description: 'Maintenance release' },
  { version: '8.0.4', description: 'Graphics overlay' },
  { version: '8.5.1', description: 'Server information and support access' },
  { version: '9.0.0', description: 'New platform (needs a server on 8.5 or above)' },
];

export async function seedDemoSoftwareVersions(db: Db, now: number): Promise<void> {
  const repo = new SoftwareVersionRepo(db);
  for (const [index, v] of DEMO_SOFTWARE_VERSIONS.entries()) {
    await repo.insert({
      id: `SWV-DEMO-${index + 1}`,
      version: v.version,
      description: v.description,
      releaseNotesUrl: `https://releases.luc.invalid/${v.version}`,
      supportedDevices: [],
      inventoryIds: [],
      createdAt: now,
      updatedAt: now,
    });
  }
}
