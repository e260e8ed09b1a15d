import { z } from 'zod';

/** Text of at most `max` characters (the checkout's fields are bounded so nothing unbounded is stored). */
export const boundedText = (max: number) => z.string().max(max);

/** A shipping address as the checkout APIs take it (spec 3 address fields); validated further by country. */
export const shippingAddressInput = z.object({
  firstName: boundedText(200),
  lastName: boundedText(200),
  line1: boundedText(300),
  line2: boundedText(300).optional(),
  city: boundedText(200),
  postalCode: boundedText(20),
  region: boundedText(100).optional(),
  country: boundedText(10),
});
