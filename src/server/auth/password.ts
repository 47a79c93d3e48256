import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHash, ScryptParams } from '../areas/users/repo.ts';

/**
 * Password hashing with scrypt (node:crypto). Each hash stores its own salt and parameters so the
 * cost can be raised later without invalidating stored passwords.
 * N = 2^14, r = 8, p = 1: ~16 MiB and ~40 ms per hash on these machines.
 */
export const SCRYPT_PARAMS: ScryptParams = { algorithm: 'scrypt', N: 16_384, r: 8, p: 1, keyLength: 64 };
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      params.keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<PasswordHash> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return { hash: key.toString('hex'), salt: salt.toString('hex'), params };
}

/** Constant-time comparison of the derived key with the stored one. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const { params } = stored;
  if (params.algorithm !== 'scrypt' || params.N < 2 || params.keyLength < 16) return false;
  const expected = Buffer.from(stored.hash, 'hex');
  const actual = await derive(password, Buffer.from(stored.salt, 'hex'), params);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A fixed hash to verify against when the username is unknown, so a sign-in for a missing user
 * costs the same time as one for an existing user (no user enumeration by timing).
 */
let decoy: Promise<PasswordHash> | undefined;
export function decoyHash(): Promise<PasswordHash> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
