/*
 * Country names in German, from Intl (no table of our own): shoppers and owners read "Österreich", never
 * the ISO code. One formatter for pages, mails, invoices, legal texts and the editor's messages.
 */
const germanRegions = new Intl.DisplayNames(['de'], { type: 'region' });

/** The German name of an ISO 3166 alpha-2 code; the code itself when Intl knows none (or it is no code). */
export function germanCountryName(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return code;
  try {
    return germanRegions.of(upper) ?? code;
  } catch {
    return code;
  }
}
