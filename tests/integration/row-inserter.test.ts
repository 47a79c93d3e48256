/**
 * The row inserter (src/server/store/rowInserter.ts) and the incidents it stores, on both engines
 * (PostgreSQL skipped, and said so, when it cannot start here):
 * - each statement it runs is exactly Kysely's own compile of the same rows (SQL and bound values),
 *   for any rows and any count, so caching the SQL per row count changes nothing that is written;
 * - statements carry a power of two of rows, at most `chunkRows`, and cover the rows in order;
 * - what is stored reads back equal, in order, for any incidents (nulls, any text, large times);
 * - a row without a value for a column is refused naming the row and the column, nothing written.
 */
import { beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Store } from '../../src/server/store/store.ts';
import { createRowInserter, ROW_INSERTER_CHUNK_MAX } from '../../src/server/store/rowInserter.ts';
import { INCIDENT_KINDS, INCIDENT_SEVERITIES } from '../../src/domain/incidents.ts';
import type { NewIncident } from '../../src/server/areas/incidents/repo.ts';
import { describeOnBothEngines } from './bothEngines.ts';
import { testUser } from './testUsers.ts';

const COLUMNS = ['at', 'kind', 'severity', 'code', 'message', 'unit_id', 'unit_name', 'group_id', 'inventory_id', 'user_id', 'toast', 'acknowledged_by', 'acknowledged_at'] as const;

const USERS = ['USR-A', 'USR-B'] as const;
const NOW = 1_700_000_000_000;

const text = fc.string({ unit: 'grapheme', maxLength: 12 });
/** Times past 2^31 ms (bigint on PostgreSQL) and before 2^53. */
const time = fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 });
const incident: fc.Arbitrary<NewIncident> = fc.record({
  at: time,
  kind: fc.constantFrom(...INCIDENT_KINDS),
  severity: fc.constantFrom(...INCIDENT_SEVERITIES),
  code: text,
  message: text,
  unit_id: text,
  unit_name: text,
  group_id: fc.option(text, { nil: null }),
  inventory_id: fc.option(text, { nil: null }),
  // A threshold incident's user must exist (a foreign key): the two users the contract stores.
  user_id: fc.constantFrom(null, ...USERS),
  toast: fc.constantFrom(0 as const, 1 as const),
  acknowledged_by: fc.option(text, { nil: null }),
  acknowledged_at: fc.option(time, { nil: null }),
});

async function storedIncidents(store: Store): Promise<NewIncident[]> {
  const rows = await store.db.selectFrom('incidents').select(COLUMNS).orderBy('id').execute();
  return rows.map((row) => ({ ...row, at: Number(row.at), toast: Number(row.toast) as 0 | 1, acknowledged_at: row.acknowledged_at === null ? null : Number(row.acknowledged_at) }));
}

function contract(open: () => Promise<Store>, runs: number): void {
  let store: Store;
  beforeAll(async () => {
    store = await open();
    for (const id of USERS) await store.users.insert(testUser(id, NOW));
  });

  it('runs, for any rows, exactly the statements Kysely compiles for the same rows: powers of two of rows, at most chunkRows, in order', () => {
    const inserter = createRowInserter('incidents', COLUMNS);
    expect(inserter.chunkRows).toBeLessThanOrEqual(ROW_INSERTER_CHUNK_MAX);
    expect(Number.isInteger(Math.log2(inserter.chunkRows))).toBe(true);
    fc.assert(
      fc.property(fc.array(incident, { maxLength: 40 }), fc.integer({ min: 0, max: 3 * ROW_INSERTER_CHUNK_MAX }), (sample, extra) => {
        // Up to three chunks and a remainder of any size: the sample repeated, then cut to length.
        const rows = Array.from({ length: sample.length === 0 ? 0 : sample.length + extra }, (_, i) => sample[i % sample.length] as NewIncident);
        let from = 0;
        for (const statement of inserter.statements(store.db, rows)) {
          const count = statement.parameters.length / COLUMNS.length;
          expect(Number.isInteger(Math.log2(count)) && count <= inserter.chunkRows).toBe(true);
          const kysely = store.db.insertInto('incidents').values(rows.slice(from, from + count)).compile();
          expect(statement.sql).toBe(kysely.sql);
          expect(statement.parameters).toEqual(kysely.parameters);
          from += count;
        }
        expect(from).toBe(rows.length);
      }),
      { numRuns: runs },
    );
  });

  it('stores any incidents and reads them back equal, in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(incident, { maxLength: 300 }), async (rows) => {
        await store.db.deleteFrom('incidents').execute();
        await store.incidents.insertMany(rows);
        expect(await storedIncidents(store)).toEqual(rows);
      }),
      { numRuns: runs },
    );
  });

  it('stores a second of the bench’s incidents (16,000, many statements) in one transaction, in order', async () => {
    await store.db.deleteFrom('incidents').execute();
    const rows = fc.sample(incident, { numRuns: 16_000, seed: 7 });
    await store.incidents.insertMany(rows);
    expect(await storedIncidents(store)).toEqual(rows);
  });

  it('refuses a row without a value for a column, naming the row and the column, and writes nothing', async () => {
    await store.db.deleteFrom('incidents').execute();
    const rows = fc.sample(incident, { numRuns: 700, seed: 3 });
    const broken = rows.map((row, i) => (i === 650 ? ({ ...row, unit_name: undefined } as unknown as NewIncident) : row));
    await expect(store.incidents.insertMany(broken)).rejects.toThrow('incidents: row 650 has no value for the column unit_name (null for none)');
    expect(await storedIncidents(store)).toEqual([]);
  });
}

// Property runs per engine: PostgreSQL's round trips make each run ~10x dearer.
describeOnBothEngines('the row inserter', (open, engine) => contract(open, engine === 'sqlite' ? 60 : 15));
