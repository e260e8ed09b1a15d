import { randomBytes } from 'node:crypto';

/**
 * 24 hex characters like the ids of spec section 3: 8 of seconds since 1970, so ids sort roughly by
 * creation, then 16 random ones, so two processes never collide.
 */
export function newId(now: number = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  return seconds + randomBytes(8).toString('hex');
}
