import { describe, expect, it } from 'vitest';
import { USER_FACING_STATUSES } from '../../domain/units/status.ts';
import { iconStatusOf, STATUS_COLOURS, STATUS_HEX } from './statusColours.ts';

describe('unit icon status colours', () => {
  it('give every user-facing status its own colour', () => {
    const colours = USER_FACING_STATUSES.map((status) => STATUS_COLOURS[status]);
    expect(new Set(colours).size).toBe(USER_FACING_STATUSES.length);
    expect(new Set(USER_FACING_STATUSES.map((status) => STATUS_HEX[status])).size).toBe(USER_FACING_STATUSES.length);
  });

  it.each([
    ['offline', [], 'offline'],
    ['unavailable', [], 'offline'],
    ['idle', [], 'online'],
    ['streaming', ['video'], 'streaming'],
    ['storeandforward', ['store'], 'storeAndForward'],
    ['speedtest', [], 'speedTest'],
  ] as const)('shows a %s unit with applications %j as %s', (status, applications, expected) => {
    expect(iconStatusOf({ status, applications })).toBe(expected);
  });
});
