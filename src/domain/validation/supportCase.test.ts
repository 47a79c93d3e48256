import { describe, it, expect } from 'vitest';
import { supportCaseErrors } from './supportCase.ts';

describe('supportCaseErrors (description required, spec 000 §5)', () => {
  it.each([
    ['missing', undefined, { description: 'This field is required' }],
    ['null', null, { description: 'This field is required' }],
    ['empty', '', { description: 'This field is required' }],
    ['blank', '   ', { description: 'This field is required' }],
    ['given', 'Unit 1234 drops all modems after 10 minutes', {}],
  ])('answers a %s description with %j', (_label, description, expected) => {
    expect(supportCaseErrors({ description })).toEqual(expected);
  });
});
