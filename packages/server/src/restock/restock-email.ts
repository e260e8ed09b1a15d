import type { NewEmail } from '@baukasten/storage';
import { html, type RestockEmailInput, restockEmail } from '../email/email-templates.js';

/*
 * The "it is back" mail in the language of the sign-up (spec 7: a signed-in customer's sign-up carries
 * the current language). German is the shop's language and the default; English is the one other
 * language a storefront page of this system is written in. Any other language gets the German mail.
 */

function englishRestockEmail(input: RestockEmailInput): NewEmail {
  const what = input.variantText ? `${input.productName} (${input.variantText})` : input.productName;
  const subject = `${input.productName} is back in stock`;
  const lines = [
    'Hello,',
    `good news: ${what} is available again at ${input.siteTitle}.`,
    'You are receiving this email because you asked to be notified. Have a look before it sells out again.',
  ];
  return {
    kind: 'restock',
    to: input.to,
    subject,
    text: `${lines.join('\n\n')}\n\nView the product: ${input.productUrl}\n`,
    html: html(subject, lines, { href: input.productUrl, label: 'View the product' }).replace(
      '<html lang="de">',
      '<html lang="en">',
    ),
  };
}

/** The restock mail for a sign-up's language (its primary subtag, or null for German). */
export function restockEmailIn(language: string | null | undefined, input: RestockEmailInput): NewEmail {
  return language === 'en' ? englishRestockEmail(input) : restockEmail(input);
}
