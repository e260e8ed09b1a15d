/**
 * The German texts of the order routes and the order export. Routes and schemas use these; no
 * user-facing string is written anywhere else in this folder.
 */
export const orderMessages = {
  notAnExpectedOption: (value: string) => `„${value}“ ist keine erwartete Option.`,
  orderNotFound: 'Diese Bestellung wurde nicht gefunden.',
  dateInvalid: 'Bitte gib das Datum als JJJJ-MM-TT an, z. B. 2025-05-01.',
  dateRangeReversed: 'Das Enddatum darf nicht vor dem Anfangsdatum liegen.',
  alreadyCancelled: 'Diese Bestellung wurde bereits storniert.',
  alreadyFulfilled: 'Diese Bestellung wurde bereits ausgeführt.',
  cannotCancelFulfilled: 'Eine ausgeführte Bestellung kann nicht mehr storniert werden.',
  cannotFulfilCancelled: 'Eine stornierte Bestellung kann nicht ausgeführt werden.',
  alreadyPaid: 'Diese Bestellung ist bereits bezahlt.',
  cannotPayCancelled: 'Eine stornierte Bestellung kann nicht als bezahlt markiert werden.',
  tooManyToExport: (max: number) =>
    `Es können höchstens ${max.toLocaleString('de-DE')} Bestellungen auf einmal exportiert werden. Bitte grenze den Zeitraum ein.`,

  statusTexts: { open: 'Offen', fulfilled: 'Ausgeführt', cancelled: 'Storniert' } as Record<string, string>,
  yes: 'ja',
  no: 'nein',

  /** Column headings of the CSV export, in their order. */
  csvHeadings: [
    'Bestellnummer',
    'Datum',
    'Status',
    'Zahlungsstatus',
    'Zahlungsart',
    'E-Mail',
    'Vorname',
    'Nachname',
    'Straße',
    'Adresszusatz',
    'PLZ',
    'Ort',
    'Land',
    'Artikel',
    'Artikelnummer',
    'Variante',
    'Menge',
    'Einzelpreis',
    'Zwischensumme',
    'Rabatt',
    'Versand',
    'Steuer',
    'Gesamtsumme',
    'Währung',
    'Testbestellung',
  ],
  csvFileName: (day: string) => `bestellungen-${day}.csv`,
} as const;
