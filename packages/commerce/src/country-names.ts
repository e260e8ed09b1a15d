/*
 * Country names in German, from Intl (no table of our own): shoppers and owners read "Österreich", never
 * the ISO code. One formatter for pages, mails, invoices, legal texts and the editor's messages.
 */
const germanRegions = new Intl.DisplayNames(['de'], { type: 'region' });
/** Names looked up once per code (null: Intl knows none): Intl's lookup cost the checkout more than its VAT rules. */
const known = new Map<string, string | null>();

/** The German name of an ISO 3166 alpha-2 code; the code itself when Intl knows none (or it is no code). */
export function germanCountryName(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return code;
  let name = known.get(upper);
  if (name === undefined) {
    try {
      name = germanRegions.of(upper) ?? null;
    } catch {
      name = null;
    }
    // At most 26 × 26 codes: no bound needed.
    known.set(upper, name);
  }
  return name ?? code;
}
