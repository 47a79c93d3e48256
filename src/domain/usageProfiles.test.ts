/** Issue 14: usage periods by reset day and the usage report's rows (spec 002 §3, §5, §9). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDailyUsage, megabytesAt, monthsBetween, shiftMonth, usageByProfileAndMonth, usageCsvRecord, usagePeriodOf, usageReportRows, type ReportUnit } from './usageProfiles.ts';

describe('usagePeriodOf (reset day 1-31)', () => {
  it.each([
    ['2026-01-01', 1, '2026-01'],
    ['2026-01-31', 1, '2026-01'],
    ['2026-01-14', 15, '2025-12'],
    ['2026-01-15', 15, '2026-01'],
    ['2026-04-30', 31, '2026-04'], // 31 resets on the last day of a 30-day month
    ['2026-04-29', 31, '2026-03'],
    ['2026-02-28', 30, '2026-02'], // February: the 28th
    ['2024-02-29', 31, '2024-02'],
  ])('%s with reset day %i counts in %s', (day, resetDay, period) => {
    expect(usagePeriodOf(day, resetDay)).toBe(period);
  });

  it('is the day’s month or the month before, for every reset day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), fc.integer({ min: 1, max: 31 }), (date, resetDay) => {
        const day = date.toISOString().slice(0, 10);
        const month = day.slice(0, 7);
        expect([month, shiftMonth(month, -1)]).toContain(usagePeriodOf(day, resetDay));
      }),
    );
  });
});

describe('months', () => {
  it('steps over the year', () => {
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-02', '2026-01')).toEqual([]);
  });
});

describe('usageReportRows', () => {
  const units: ReportUnit[] = [
    { unitId: 'U1', unitName: 'Cam-B', profile: { id: 'P1', name: 'Field', type: 'data', value: 100, resetDay: 15 } },
    { unitId: 'U2', unitName: 'Cam-A', profile: { id: 'P2', name: 'Hours', type: 'hours', value: 2, resetDay: 1 } },
    { unitId: 'U3', unitName: 'Cam-C', profile: null },
  ];
  const days = [
    { unitId: 'U1', day: '2026-01-14', dataMb: 60, seconds: 3600 }, // December's period (reset 15)
    { unitId: 'U1', day: '2026-01-15', dataMb: 80, seconds: 3600 },
    { unitId: 'U1', day: '2026-02-10', dataMb: 40, seconds: 0 }, // still January's period
    { unitId: 'U2', day: '2026-01-03', dataMb: 1, seconds: 3 * 3600 },
    { unitId: 'U3', day: '2026-01-03', dataMb: 5, seconds: 60 },
    { unitId: 'U9', day: '2026-01-03', dataMb: 5, seconds: 60 }, // not a unit of the report
  ];

  it('sums per period and unit, sorted by period then unit name, with the allowance used', () => {
    const rows = usageReportRows(units, days, '2026-01', '2026-01');
    expect(rows.map((r) => [r.period, r.unitName, r.dataMb, r.hours, r.usedPct, r.overAllowance])).toEqual([
      ['2026-01', 'Cam-A', 1, 3, 150, true],
      ['2026-01', 'Cam-B', 120, 1, 120, true],
      ['2026-01', 'Cam-C', 5, 0.017, null, false],
    ]);
    expect(usageReportRows(units, days, '2025-12', '2025-12').map((r) => [r.unitName, r.dataMb])).toEqual([['Cam-B', 60]]);
  });

  it('draws one series per profile per month and writes CSV records', () => {
    const rows = usageReportRows(units, days, '2025-12', '2026-01');
    const charts = usageByProfileAndMonth(rows, ['2025-12', '2026-01'], 'No profile');
    expect(charts.data).toEqual([
      { label: 'Field', values: [60, 120] },
      { label: 'Hours', values: [0, 1] },
      { label: 'No profile', values: [0, 5] },
    ]);
    expect(usageCsvRecord(rows[0]!)).toEqual(['2025-12', 'Cam-B', 'Field', 'data', 60, 1, 100, 60]);
  });

  it('counts MB from kbps and seconds', () => {
    expect(megabytesAt(8_000, 5)).toBe(5);
    expect(megabytesAt(-1, 5)).toBe(0);
  });
});

describe('addDailyUsage', () => {
  it('keeps one entry per unit and day holding the sums of what was added, in any order (property)', () => {
    const usage = fc.record({ unitId: fc.constantFrom('U1', 'U2', 'U|3'), day: fc.constantFrom('2026-01-20', '2026-01-21'), dataMb: fc.integer({ min: 0, max: 1_000 }), seconds: fc.integer({ min: 0, max: 100 }) });
    fc.assert(
      fc.property(fc.array(usage, { maxLength: 40 }), (rows) => {
        const sums = new Map();
        for (const row of rows) addDailyUsage(sums, row);
        const expected = new Map<string, { dataMb: number; seconds: number }>();
        for (const row of rows) {
          const key = `${row.unitId}|${row.day}`;
          const before = expected.get(key) ?? { dataMb: 0, seconds: 0 };
          expected.set(key, { dataMb: before.dataMb + row.dataMb, seconds: before.seconds + row.seconds });
        }
        expect(new Map(Array.from(sums, ([key, sum]) => [key, { dataMb: sum.dataMb, seconds: sum.seconds }]))).toEqual(expected);
        for (const [key, sum] of sums) expect(key).toBe(`${sum.unitId}|${sum.day}`);
      }),
    );
  });
});
