import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { EventBus } from '../../src/server/live/bus.ts';
import type { LiveEvent } from '../../src/server/live/types.ts';
import { ManualClock } from '../../src/server/sim/clock.ts';
import { FleetSimulator, makeUnitSeeds } from '../../src/server/sim/fleet.ts';
import type { SimCommand } from '../../src/server/sim/commands.ts';
import { decodeEnvelope } from '../../src/protocol/envelope.ts';

// The contract between the two halves of the wire: every event the simulator publishes must
// decode with the Schemas the fleet worker uses. A payload drift on either side fails here.

const COMMANDS: readonly SimCommand[] = [
  { type: 'startStream' },
  { type: 'stopStream' },
  { type: 'startStoreAndForward' },
  { type: 'stopStoreAndForward' },
  { type: 'fetchLogs' },
  { type: 'speedTest' },
  { type: 'startDatabridge' },
  { type: 'stopDatabridge' },
  { type: 'reboot' },
  { type: 'setDelay', delayMs: 2_000 },
  { type: 'upgrade', targetVersion: '8.6' },
] as SimCommand[];

function run(seed: number, rate: number, commands: readonly { unit: number; command: SimCommand }[]): LiveEvent[] {
  const clock = new ManualClock();
  const bus = new EventBus({ now: () => clock.now() });
  const events: LiveEvent[] = [];
  bus.subscribe((event) => events.push(event));
  const units = makeUnitSeeds({ count: 40, seed, groups: [{ groupId: 'G1', inventoryId: 'I1' }] });
  const sim = new FleetSimulator({ bus, clock, seed, rate, units, channels: [{ id: 'C1', groupId: 'G1' }] });
  sim.start();
  for (const { unit, command } of commands) {
    // Send the command to the first unit from `unit` on that accepts it (a busy or offline unit refuses).
    for (let offset = 0; offset < units.length; offset += 1) {
      if (sim.command(units[(unit + offset) % units.length]!.uid, command).ok) break;
    }
    clock.advance(700);
  }
  clock.advance(60_000); // let every flow finish: streams connect, logs finish, upgrades end, reboots return
  sim.stop();
  return events;
}

describe('simulator events against the wire protocol', () => {
  it('decodes every event of a busy minute of churn and commands', () => {
    const events = run(11, 400, COMMANDS.map((command, unit) => ({ unit, command })));
    const kinds = new Set(events.map((event) => event.kind));
    for (const kind of ['unit.added', 'unit.status', 'unit.usage', 'unit.alert', 'unit.config', 'unit.speedtest', 'channel.status']) {
      expect(kinds, `the run should exercise ${kind}`).toContain(kind);
    }
    const failures = events.map((event) => decodeEnvelope(JSON.parse(JSON.stringify(event)))).filter((result) => !result.ok);
    expect(failures).toEqual([]);
  });

  it('property: any seed, rate and command sequence yields only decodable events', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.array(fc.record({ unit: fc.nat(), command: fc.constantFrom(...COMMANDS) }), { maxLength: 12 }),
        (seed, rate, commands) => {
          for (const event of run(seed, rate, commands)) {
            const decoded = decodeEnvelope(JSON.parse(JSON.stringify(event)));
            if (!decoded.ok) throw new Error(`${event.kind} ${event.id}: ${decoded.error}`);
          }
        },
      ),
      { numRuns: 25 },
    );
    // 25 simulated minutes at up to 2,000 events/s: ~26 s on an idle 2-core machine, far more on a busy one.
  }, 240_000);
});
