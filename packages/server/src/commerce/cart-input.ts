import { z } from 'zod';

/*
 * The optional fields of the cart calls of spec 7 as real clients send them. A client fills its payload
 * from its own state, so a field it has no value for arrives as null (JSON.stringify keeps null and drops
 * undefined) as often as it is left out: both mean "not given" here.
 */

/** Optional text of at most `max` characters: null and absent both become undefined. */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => value ?? undefined);

/**
 * The shopper's answers to the custom product form (spec 3: a JSON string). The islands send the string;
 * API clients may send the answers as an object, which is stored as its JSON text. Null and absent mean no
 * answers. An object's text is bounded like the string, so nothing unbounded is stored.
 */
export const additionalFieldsInput = z
  .union([z.string().max(20_000), z.record(z.string(), z.unknown())])
  .nullish()
  .transform((value) =>
    value === null || value === undefined
      ? undefined
      : typeof value === 'string'
        ? value
        : JSON.stringify(value),
  )
  .refine((text) => text === undefined || text.length <= 20_000);
