import { z } from 'zod';
import { badRequest } from '../parse-input.js';

const ANSWERS_MAX = 20_000;

/*
 * The optional fields of the cart calls of spec 7 as real clients send them. A client fills its payload
 * from its own state, so a field it has no value for arrives as null (JSON.stringify keeps null and drops
 * undefined) as often as it is left out: both mean "not given" here.
 */

/**
 * Optional text of at most `max` characters; null passes as well, for the caller to read as "not given"
 * (`?? undefined`). No zod transform here: a pipe per field cost add-to-cart, the hottest call, measurably.
 */
export const optionalText = (max: number) => z.string().max(max).nullish();

/**
 * The shopper's answers to the custom product form (spec 3: a JSON string). The islands send the string;
 * API clients may send the answers as an object, which is stored as its JSON text (answersText). Null and
 * absent mean no answers.
 */
export const additionalFieldsInput = z
  .union([z.string().max(ANSWERS_MAX), z.record(z.string(), z.unknown())])
  .nullish();

/**
 * The answers as the cart stores them: the text as sent, an object as its JSON text, undefined for none. An
 * object's text is bounded like the string (400 otherwise), so nothing unbounded is stored.
 */
export function answersText(answers: z.output<typeof additionalFieldsInput>): string | undefined {
  if (answers === null || answers === undefined) return undefined;
  const text = typeof answers === 'string' ? answers : JSON.stringify(answers);
  if (text.length > ANSWERS_MAX) throw badRequest();
  return text;
}
