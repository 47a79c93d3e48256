import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http.ts';
import { inviteFailure } from './inviteFailure.ts';

const GENERIC = 'We encountered an error, please try again.'; // spec 002 §8

describe('inviteFailure (spec 002 §8 guest invites)', () => {
  it('puts a 400’s field messages on the fields', () => {
    const error = new ApiError(400, 'Must only contain numeric characters', { message: 'Must only contain numeric characters', fields: { to: 'Must only contain numeric characters' } });
    expect(inviteFailure(error)).toEqual({ fields: { to: 'Must only contain numeric characters' }, form: null });
  });
  it.each([
    ['a server error', new ApiError(500, 'Internal Error', { message: 'Internal Error' })],
    ['no network', new ApiError(0, 'The server cannot be reached.')],
    ['a 400 without fields', new ApiError(400, 'body must be object', { message: 'body must be object' })],
    ['a refusal', new ApiError(403, 'You are not allowed to access this application.')],
    ['a thrown error', new Error('boom')],
  ])('shows the generic sentence for %s', (_, error) => {
    expect(inviteFailure(error)).toEqual({ fields: {}, form: GENERIC });
  });
});
