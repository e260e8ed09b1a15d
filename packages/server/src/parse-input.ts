import type { z } from 'zod';
import { HttpError } from './http-error.js';
import { serverMessages } from './messages.js';

/*
 * Every body, query and parameter a route checks with zod goes through parseOr400 (issue #19, item 4): an
 * absent value counts as `{}`, and a value the schema refuses becomes the route's 400. Routes differ only
 * in which 400: the plain BAD_REQUEST by default, or their own type and German message via `refuse`
 * (the editor's INVALID_INPUT with a message per field, BAD_QUERY with the schema's first message, ...).
 */

/** A 400 `BAD_REQUEST`, with the server's German message unless the route words its own. */
export const badRequest = (message: string = serverMessages.badRequest) =>
  new HttpError(400, 'BAD_REQUEST', message);

/** The message the schema gave the first problem, or `fallback` when there is none. */
export const firstProblem = (error: z.ZodError, fallback: string): string =>
  error.issues[0]?.message ?? fallback;

/**
 * `value` as `schema` parses it (undefined and null count as `{}`); otherwise throws what `refuse` makes of
 * the zod error, by default a 400 BAD_REQUEST. `options` reach zod (e.g. an error map for messages the
 * schema did not word itself).
 */
export function parseOr400<T extends z.ZodType>(
  schema: T,
  value: unknown,
  refuse: (error: z.ZodError) => Error = () => badRequest(),
  options?: z.core.ParseContext<z.core.$ZodIssue>,
): z.output<T> {
  const result = schema.safeParse(value ?? {}, options);
  if (result.success) return result.data;
  throw refuse(result.error);
}
