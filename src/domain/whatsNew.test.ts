import { describe, expect, it } from 'vitest';
import { NOTE_VERSION_MESSAGE, noteErrors, notesToShow } from './whatsNew.ts';

const note = (version: string, active = true) => ({ version, active, text: `notes of ${version}` });

describe('which what’s-new notes a user is shown (once after an upgrade)', () => {
  const notes = [note('2.3'), note('2.4'), note('2.4.1'), note('2.5'), note('2.4.1', false), note('not-a-version')];

  it.each([
    // last seen, running → versions shown (newest first)
    [null, '2.4.1', ['2.4.1']],
    ['2.4.1', '2.4.1', []],
    ['2.3', '2.4.1', ['2.4.1', '2.4']],
    ['2.4', '2.5', ['2.5', '2.4.1']],
    ['2.4.1.0', '2.4.1', []],
    [null, '9.9', []],
  ] as const)('last seen %j, server %s → %j', (seen, server, versions) => {
    expect(notesToShow(notes, server, seen).map((n) => n.version)).toEqual(versions);
  });

  it('never shows an inactive note', () => {
    expect(notesToShow([note('2.4', false)], '2.4', null)).toEqual([]);
  });
});

describe('a note’s form', () => {
  it.each([
    [{ version: '2.4.1', text: 'New' }, {}],
    [{ version: '', text: 'New' }, { version: 'This field is required' }],
    [{ version: 'next', text: '' }, { version: NOTE_VERSION_MESSAGE, text: 'This field is required' }],
    [{ version: '2.4', text: 'x'.repeat(4001) }, { text: 'Must have at most 4000 characters' }],
  ])('%j → %j', (form, errors) => {
    expect(noteErrors(form)).toEqual(errors);
  });
});
