import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

/*
 * Stand-in for the owner session of issue 8. Until accounts exist, a merchant call proves ownership with
 * `Authorization: Bearer <token>` where the token equals the website setting `ownerToken`. A website
 * without that setting has no merchant API at all. Issue 8 replaces the body of requireOwner with the
 * session check; routes keep calling it unchanged.
 */

export const ownerAuthMessages = {
  required: 'Bitte melde dich als Inhaber dieser Website an.',
  denied: 'Du hast keinen Zugriff auf diese Website.',
} as const;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** preHandler for merchant routes: 401 without credentials, 403 with wrong ones. */
export async function requireOwner(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw new HttpError(401, 'OWNER_LOGIN_REQUIRED', ownerAuthMessages.required);
  const expected = request.website?.settings.ownerToken;
  // Hashing first makes the comparison constant-time whatever the lengths.
  if (
    typeof expected !== 'string' ||
    expected === '' ||
    !timingSafeEqual(digest(expected), digest(match[1]!))
  )
    throw new HttpError(403, 'OWNER_ACCESS_DENIED', ownerAuthMessages.denied);
}
