/** German texts of the product import and export: whole-file refusals and reasons for refused rows. */
export const importMessages = {
  fileEmpty: 'Die Datei ist leer.',
  fileTooLarge: (mb: string) => `Die Datei ist größer als ${mb}. Teile sie bitte in mehrere Dateien auf.`,
  notUtf8:
    'Die Datei ist nicht in UTF-8 gespeichert. Speichere sie in Excel als „CSV UTF-8 (durch Trennzeichen getrennt)“ oder in LibreOffice mit dem Zeichensatz „Unicode (UTF-8)“ und lade sie erneut hoch.',
  utf16:
    'Die Datei ist in UTF-16 gespeichert. Speichere sie bitte als „CSV UTF-8 (durch Trennzeichen getrennt)“ und lade sie erneut hoch.',
  notCsv: (detail: string) => `Die Datei ist keine gültige CSV-Datei: ${detail}`,
  noRows: 'Die Datei enthält keine Produktzeilen.',
  unknownFormat:
    'Das Dateiformat wurde nicht erkannt. Erwartet wird ein Produkt-Export von Shopify, WooCommerce oder Squarespace (CSV mit Kopfzeile).',
  semicolons:
    'Die Spalten sind mit Semikolons getrennt. Shopify-, WooCommerce- und Squarespace-Dateien trennen mit Kommas; exportiere die Datei bitte erneut, ohne sie in Excel zu speichern.',
  missingColumns: (names: string[]) =>
    `Der Datei fehlen Spalten, ohne die kein Produkt angelegt werden kann: ${names.map((n) => `„${n}“`).join(', ')}.`,
  tooManyProducts: (max: number) =>
    `Eine Datei darf höchstens ${max.toLocaleString('de-DE')} Produkte enthalten.`,
  noProductsPage: 'Die Website hat noch keine Produktseite. Lege zuerst eine Produktseite an.',
  collectionNotProducts: 'Diese Seite ist keine Produktseite.',
  jobNotFound: 'Diesen Import gibt es nicht.',
  jobNotStartable: 'Dieser Import wurde bereits gestartet.',
  jobInterrupted:
    'Der Import wurde unterbrochen (Server-Neustart). Starte ihn mit derselben Datei erneut – schon Importiertes wird dabei aktualisiert, nicht verdoppelt.',
  jobFailed:
    'Der Import ist fehlgeschlagen. Bereits importierte Produkte bleiben erhalten; starte ihn mit derselben Datei erneut.',
  nothingToImport: 'Die Datei enthält kein importierbares Produkt.',

  // Reasons for refused rows (shown with the line number).
  formulaCell: (column: string, first: string) =>
    `Spalte „${column}“ beginnt mit „${first}“ und sieht aus wie eine Tabellenformel; solche Zellen werden nicht importiert.`,
  titleMissing: 'Der Titel fehlt.',
  titleTooLong: 'Der Titel ist länger als 200 Zeichen.',
  handleMissing: 'Der Handle (die Produkt-URL) fehlt.',
  handleInvalid: (handle: string) =>
    `Der Handle „${handle}“ ist keine gültige Produkt-URL (Kleinbuchstaben, Ziffern und Bindestriche).`,
  priceMissing: 'Der Preis fehlt.',
  priceInvalid: (column: string, text: string) => `„${text}“ in Spalte „${column}“ ist kein gültiger Preis.`,
  priceAmbiguous: (column: string, text: string) =>
    `„${text}“ in Spalte „${column}“ ist mehrdeutig (Tausender- oder Dezimaltrennzeichen?). Schreibe den Preis z. B. als 1500.00 oder 1,50.`,
  salePriceNotLower: 'Der Angebotspreis muss niedriger sein als der reguläre Preis.',
  stockInvalid: (text: string) => `„${text}“ ist kein gültiger Lagerbestand (ganze Zahl ab 0).`,
  weightInvalid: (text: string) => `„${text}“ ist kein gültiges Gewicht.`,
  skuInvalid: (sku: string) =>
    `Die Artikelnummer „${sku}“ ist ungültig (Buchstaben, Ziffern, Punkt, Binde- und Unterstrich, höchstens 64 Zeichen).`,
  skuTwiceInFile: (sku: string, line: number) =>
    `Die Artikelnummer „${sku}“ kommt schon in Zeile ${line} vor.`,
  skuOfOtherProduct: (sku: string, title: string) =>
    `Die Artikelnummer „${sku}“ gehört bereits zum Produkt „${title}“.`,
  handleTwiceInFile: (handle: string, line: number) =>
    `Das Produkt „${handle}“ steht schon ab Zeile ${line} in der Datei; Zeilen eines Produkts müssen zusammenstehen.`,
  variantWithoutProduct: 'Diese Variantenzeile gehört zu keinem Produkt (die Produktzeile fehlt davor).',
  variantTwice: (values: string) => `Die Variante „${values}“ kommt in diesem Produkt zweimal vor.`,
  optionValueMissing: (name: string) => `Der Wert der Option „${name}“ fehlt.`,
  optionTooLong: 'Namen und Werte von Optionen dürfen höchstens 50 Zeichen lang sein.',
  tooManyOptionValues: 'Eine Option darf höchstens 100 Werte haben.',
  tooManyVariants: (max: number) => `Das Produkt hätte mehr als ${max} Varianten.`,
  parentMissing: (parent: string) => `Das übergeordnete Produkt „${parent}“ ist nicht in der Datei.`,
  typeUnsupported: (type: string) => `Produkttyp „${type}“ wird nicht importiert.`,
  imageUrlInvalid: (url: string) => `„${url}“ ist keine gültige Bild-Adresse (http oder https).`,
  productRefused: (reason: string) => `Produkt nicht übernommen: ${reason}`,

  // Customers (Shopify customer export).
  customersFileToProductImport:
    'Diese Datei ist ein Kunden-Export von Shopify, kein Produkt-Export. Importiere sie als Kundenliste.',
  notACustomersFile:
    'Die Datei ist kein Kunden-Export von Shopify (erwartet wird eine CSV mit den Spalten „First Name“, „Last Name“, „Email“ und „Accepts Email Marketing“).',
  noCustomerRows: 'Die Datei enthält keine Kundenzeilen.',
  tooManyCustomers: (max: number) =>
    `Eine Datei darf höchstens ${max.toLocaleString('de-DE')} Kundinnen und Kunden enthalten.`,
  emailMissing: 'Die E-Mail-Adresse fehlt.',
  emailInvalid: (email: string) => `„${email}“ ist keine gültige E-Mail-Adresse.`,
  emailTwiceInFile: (email: string, line: number) =>
    `Die E-Mail-Adresse „${email}“ kommt schon in Zeile ${line} vor.`,
  marketingUnclear: (column: string, text: string) =>
    `„${text}“ in Spalte „${column}“ ist weder „yes“ noch „no“; die Einwilligung in Werbe-E-Mails muss eindeutig sein.`,
  customerTextTooLong: (column: string, max: number) =>
    `Spalte „${column}“ ist länger als ${max.toLocaleString('de-DE')} Zeichen.`,
  tooManyTags: (max: number) => `Mehr als ${max} Tags.`,
  addressSkipped: (problems: string) =>
    `Adresse nicht übernommen (${problems}); die Kundin oder der Kunde schon.`,
  addressCountryUnknown: (country: string) => `Land „${country}“ ist kein Ländercode wie „DE“`,
  addressFields: {
    firstName: 'Vorname',
    lastName: 'Nachname',
    line1: 'Straße',
    city: 'Ort',
    postalCode: 'PLZ',
    region: 'Region',
    country: 'Land',
  } as Record<string, string>,
  customerImportSource: 'Import aus Shopify',
  customersExportFile: (day: string) => `kunden-shopify-${day}.csv`,

  // Images fetched in the background.
  imageHostRefused: 'Die Bild-Adresse zeigt auf ein internes Netz und wird nicht abgerufen.',
  imageNotFound: (status: number) => `Der Bild-Server antwortete mit Status ${status}.`,
  imageNotAnImage: 'Die Adresse liefert kein Bild.',
  imageTooLarge: 'Das Bild ist zu groß.',
  imageTimeout: 'Der Bild-Server antwortete nicht rechtzeitig.',
  imageUnreachable: 'Der Bild-Server ist nicht erreichbar.',
  imageTooManyRedirects: 'Zu viele Weiterleitungen.',
} as const;
