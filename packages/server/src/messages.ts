/**
 * German texts the server itself answers with (page titles, HTTP errors). Storefront rule texts (add to cart,
 * forms, ...) come from @baukasten/commerce; this is the catalogue for what is specific to HTTP and pages.
 */
export const serverMessages = {
  notFoundTitle: 'Seite nicht gefunden',
  notFound: 'Die angeforderte Seite existiert nicht.',
  unknownWebsite: 'Unter dieser Adresse gibt es keine Website.',
  siteNotFound: 'Diese Website wurde nicht gefunden.',
  unknownFormat: 'Unbekanntes Format. Erlaubt ist nur ?format=json.',
  unknownImageFormat:
    'Unbekannte Bildgröße. Erlaubt sind ?format=100w, 300w, 500w, 750w, 1000w, 1500w, 2500w oder original.',
  badRequest: 'Die Anfrage ist ungültig.',
  badHost: 'Die Adresse dieser Anfrage ist ungültig. Bitte rufe die Website über ihre richtige Adresse auf.',
  bodyTooLarge: 'Die Anfrage ist zu groß.',
  unsupportedMediaType: 'Dieses Datenformat wird nicht unterstützt.',
  serverError: 'Es ist ein Fehler aufgetreten. Bitte versuche es später noch einmal.',
  errorTitle: 'Es ist ein Fehler aufgetreten',
  unavailable: 'Der Dienst ist gerade nicht verfügbar.',
  cartNotFound: 'Dein Warenkorb wurde nicht gefunden. Bitte lade die Seite neu.',
  cartEntryNotFound: 'Dieser Artikel ist nicht mehr in deinem Warenkorb.',
  cartEmpty: 'Dein Warenkorb ist leer.',
  cartPurchased: 'Dieser Warenkorb wurde bereits bestellt.',
  shippingOptionUnknown: 'Diese Versandart gibt es nicht. Bitte wähle eine andere.',
  noShippingTo: (country: string) =>
    `Nach ${country} liefern wir diesen Warenkorb leider nicht. Bitte wähle ein anderes Land.`,
  shippingChanged: (name: string, cost: string) =>
    `Die Versandkosten für „${name}“ haben sich geändert und betragen jetzt ${cost}. Bitte prüfe die Gesamtsumme und bestelle erneut.`,
  discountUsedUp: (label: string) =>
    `Der Rabatt „${label}“ ist inzwischen aufgebraucht. Bitte prüfe die Gesamtsumme und bestelle erneut.`,
  addressInvalid: 'Bitte prüfe die Lieferadresse.',
  countryUnknown: 'Bitte gib das Land als zweistelligen Ländercode an, z. B. DE.',
  paymentMethodUnknown: 'Diese Zahlungsart wird nicht angeboten.',
  paymentDeclined:
    'Die Zahlung wurde abgelehnt. Bitte prüfe deine Angaben oder wähle eine andere Zahlungsart.',
  digitalConsentMissing:
    'Für digitale Inhalte brauchen wir deine ausdrückliche Zustimmung, dass wir sofort liefern. Bitte setze das Häkchen.',
  orderNotFound: 'Diese Bestellung wurde nicht gefunden.',
  continueShopping: 'Weiter einkaufen',
  /** For whoever starts the server, not for visitors. */
  browserBundleMissing: (dir: string) =>
    `Browser-Bundle fehlt in ${dir}: bitte zuerst "npm run build" ausführen.`,
} as const;
