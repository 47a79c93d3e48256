/**
 * The sign-in answer's decoder: the REST layer's own (call.ts's decodeAnswer with auth.ts's
 * `login`), in a chunk of its own with effect's Schema that src/api/signIn.ts loads while the
 * sign-in request is out, so the sign-in page's JavaScript does not carry it.
 */
import { login } from '../protocol/rest/auth.ts';
import { decodeAnswer } from './call.ts';
import type { CurrentUser } from './resources.ts';

export function decodeSignInAnswer(answer: unknown): CurrentUser {
  return decodeAnswer(login, answer);
}
