import { SESSION_MESSAGES } from '@baukasten/commerce';

/** German answers of the tracking and dashboard calls; one catalogue, no literals in routes. */
export const analyticsMessages = {
  badPayload: 'Die Messdaten sind ungültig.',
  dataNotJson: 'Das Feld „data“ muss ein JSON-Objekt enthalten.',
  noPayload: 'Es wurden keine Messdaten gesendet.',
  wrongWebsite: 'Diese Messdaten gehören zu einer anderen Website.',
  unknownSchema: (name: string) => `Das Ereignisschema „${name.slice(0, 100)}“ ist unbekannt.`,
  eventContentInvalid: (name: string) => `Der Ereignisinhalt passt nicht zum Schema „${name}“.`,
  orderUnknown: 'Diese Bestellung ist auf dieser Website nicht bekannt.',
  itemIdInvalid: 'Die Artikelkennung ist ungültig.',
  rangeInvalid:
    'Bitte gib den Zeitraum mit „from“ und „to“ im Format JJJJ-MM-TT an (from nicht nach to, höchstens 366 Tage).',
  tooManyRequests: SESSION_MESSAGES.tooManyRequests,
  siteNotFound: 'Diese Website gibt es nicht.',
} as const;

/** Labels of the funnel steps for the dashboard. */
export const funnelStepLabels = {
  productView: 'Produktansichten',
  addToCart: 'In den Warenkorb gelegt',
  checkout: 'Kasse aufgerufen',
  purchase: 'Gekauft',
} as const;
