import { hash, verify } from '@node-rs/argon2';

/*
 * Passwords are hashed with argon2id. The library's defaults are the OWASP recommendation
 * (19 MiB memory, 2 passes, 1 lane); hashes are PHC strings, so parameters raised later still verify
 * old hashes.
 */

export const PASSWORD_MIN_LENGTH = 10;
/** Long enough for any pass phrase, short enough that hashing stays cheap for hostile input. */
export const PASSWORD_MAX_LENGTH = 200;

export const hashPassword = (password: string): Promise<string> => hash(password);

/** False for a wrong password and for a hash that cannot be read; never throws. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification without an account, so answering "unknown email" takes as
 * long as "wrong password" and response times do not tell which addresses have accounts.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hash('keine-echte-anmeldung');
  await verifyPassword(await dummyHash, password);
  return false;
}
