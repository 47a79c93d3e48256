/** TopicNames (topicNames.ts): protocol.md's topic names, made once; an entity's last known group. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TopicNames } from './topicNames.ts';
import { parseTopic } from './frames.ts';

describe('TopicNames', () => {
  it.each([
    ['unit', 'U123', 'unit:U123'],
    ['channel', 'C7', 'channel:C7'],
    ['server', 'S1', 'server:S1'],
  ] as const)('names the %s %s "%s"', (family, id, name) => {
    const names = new TopicNames();
    expect(names.entity(family, id)).toBe(name);
    expect(names.entity(family, id)).toBe(name); // again, from the kept string
  });

  it('names any group and entity as the concatenation protocol.md gives, whatever was asked before', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('unit', 'channel', 'server' as const), fc.string({ minLength: 1 })), { maxLength: 30 }), (asks) => {
        const names = new TopicNames();
        for (const [family, id] of asks) {
          expect(names.entity(family, id)).toBe(`${family}:${id}`);
          expect(names.group(id)).toBe(`group:${id}`);
        }
      }),
    );
  });

  it('gives a group topic the gateway parses back to its group', () => {
    expect(parseTopic(new TopicNames().group('G1'))).toEqual(parseTopic('group:G1'));
  });

  it("keeps an entity's last known group for when the authority has forgotten it (a removed unit)", () => {
    const names = new TopicNames();
    expect(names.groupOf('unit', 'U1', undefined)).toBeUndefined();
    expect(names.groupOf('unit', 'U1', 'G1')).toBe('G1');
    expect(names.groupOf('unit', 'U1', undefined)).toBe('G1');
    expect(names.groupOf('unit', 'U1', 'G2')).toBe('G2'); // moved
    expect(names.groupOf('unit', 'U1', undefined)).toBe('G2');
    // Families do not share ids.
    expect(names.groupOf('channel', 'U1', undefined)).toBeUndefined();
  });
});
