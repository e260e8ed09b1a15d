import type { FastifyInstance } from 'fastify';
import { AdminInputError } from '../admin-input.js';
import { catalogMessages as m } from './catalog-messages.js';

/*
 * PostgreSQL cannot store the NUL character in text, and an id, search or title containing one would
 * end in a database error. Such input is refused before any route, guard included, looks at it.
 */

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || hasNul(v, depth + 1));
}

/** Adds the check to every route of `scope` (a plugin context of the shop's admin routes). */
export function refuseNulCharacters(scope: FastifyInstance) {
  scope.addHook('preValidation', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body))
      throw new AdminInputError(m.nulCharacter, {});
  });
}
