/**
 * The German texts of the product, inventory and store-settings routes. Routes and schemas use these;
 * no user-facing string is written anywhere else in this folder.
 */
export const catalogMessages = {
  // Spec 5, editor message "{val} is not an expected option" (R5.12.5).
  notAnExpectedOption: (value: string) => `„${value}“ ist keine erwartete Option.`,
  nothingToChange: 'Es wurde nichts zum Ändern angegeben.',
  nulCharacter: 'Die Eingabe enthält ein unzulässiges Steuerzeichen.',

  // Restock notices (restock-admin-routes.ts)
  restockRequestInvalid:
    'Bitte nenne Produkt und Variante (productId und variantId), deren Wartende benachrichtigt werden sollen.',
  restockSiteNotFound: 'Diese Website gibt es nicht.',

  // Products
  productNotFound: 'Dieses Produkt wurde nicht gefunden.',
  productChanged:
    'Dieses Produkt wurde inzwischen von jemand anderem geändert. Bitte lade es neu und übernimm deine Änderungen erneut.',
  collectionNotProducts: 'Produkte können nur auf einer Produktseite angelegt werden.',
  titleMissing: 'Bitte gib dem Produkt einen Namen.',
  titleTooLong: 'Der Name darf höchstens 200 Zeichen lang sein.',
  productUrlInvalid: (value: string) =>
    `„${value}“ ist keine gültige Produkt-URL. Erlaubt sind Kleinbuchstaben, Ziffern und Bindestriche.`,
  textTooLong: 'Der Text ist zu lang (höchstens 100.000 Zeichen).',
  imageUrlInvalid: 'Bitte gib eine gültige Bildadresse an (https://… oder /…).',
  altTextTooLong: 'Der Alternativtext darf höchstens 250 Zeichen lang sein.',
  tooManyImages: 'Ein Produkt kann höchstens 50 Bilder haben.',
  tagInvalid: 'Schlagwörter und Kategorien dürfen höchstens 80 Zeichen lang sein (höchstens 50 Stück).',
  priceInvalid:
    'Der Preis muss eine ganze, nicht negative Zahl in der kleinsten Währungseinheit sein (z. B. Cent).',
  priceMissing: 'Bitte gib einen Preis an.',
  salePriceInvalid:
    'Der Angebotspreis muss eine ganze, nicht negative Zahl in der kleinsten Währungseinheit sein (z. B. Cent).',
  salePriceNotLower: 'Der Angebotspreis muss niedriger sein als der normale Preis.',
  stockInvalid: 'Der Lagerbestand muss eine ganze Zahl zwischen 0 und 1.000.000.000 sein.',
  weightInvalid: 'Das Gewicht muss eine ganze Zahl in Gramm sein (höchstens 1.000.000).',
  skuInvalid:
    'Die Artikelnummer darf 1 bis 64 Zeichen aus Buchstaben, Ziffern, Punkt, Binde- und Unterstrich haben.',
  optionNameMissing: 'Bitte gib jeder Option einen Namen (z. B. Größe).',
  optionNameTooLong: 'Der Name einer Option darf höchstens 50 Zeichen lang sein.',
  optionNameTwice: (name: string) => `Die Option „${name}“ gibt es zweimal.`,
  optionValuesMissing: (name: string) => `Bitte gib für „${name}“ mindestens einen Wert an.`,
  optionValueMissing: 'Bitte gib jedem Wert einen Namen (z. B. M).',
  optionValueTooLong: 'Ein Wert darf höchstens 50 Zeichen lang sein.',
  optionValueTwice: (name: string, value: string) => `Der Wert „${value}“ steht bei „${name}“ zweimal.`,
  tooManyOptions: 'Ein Produkt kann höchstens 6 Optionen haben.',
  tooManyValues: 'Eine Option kann höchstens 100 Werte haben.',
  tooManyVariants: (max: number) =>
    `Diese Optionen ergäben mehr als ${max} Varianten. Bitte verwende weniger Werte.`,
  variantNotInGrid: (label: string) => `Die Variante „${label}“ passt nicht zu den Optionen des Produkts.`,
  variantIdUnknown: 'Diese Variante gehört nicht zu diesem Produkt.',
  skuTaken: (sku: string) => `Die Artikelnummer „${sku}“ gehört schon zu einem anderen Produkt.`,
  skuTwice: (sku: string) => `Die Artikelnummer „${sku}“ steht in diesem Produkt zweimal.`,
  giftCardAmountsMissing: 'Ein Gutschein braucht mindestens einen Betrag.',
  giftCardAmountsInvalid:
    'Gutscheinbeträge müssen ganze Zahlen über 0 in der kleinsten Währungseinheit sein, jeder nur einmal.',
  giftCardOptionsFixed: 'Die Varianten eines Gutscheins ergeben sich aus seinen Beträgen.',
  giftCardOptionName: 'Betrag',
  subscriptionNotForGiftCards: 'Gutscheine können nicht als Abonnement verkauft werden.',
  billingPeriodInvalid: 'Das Abrechnungsintervall muss eine ganze Zahl zwischen 1 und 52 sein.',
  billingCyclesInvalid:
    'Die Anzahl der Abrechnungen muss eine ganze Zahl zwischen 0 (bis zur Kündigung) und 120 sein.',
  plansMissing: 'Ein Abonnement braucht mindestens einen Plan (höchstens 10).',
  addButtonTextInvalid: 'Der Text des Buttons muss 1 bis 60 Zeichen lang sein.',
  merchandisingTextTooLong: 'Dieser Text darf höchstens 500 Zeichen lang sein.',

  // Inventory
  variantNotFound: 'Diese Variante wurde nicht gefunden.',
  expectedStockMissing:
    'Bitte sende den Lagerbestand mit, den du zuletzt gesehen hast (expected), damit keine Bestellung überschrieben wird.',
  stockChanged:
    'Der Lagerbestand wurde inzwischen geändert, z. B. durch eine Bestellung. Bitte prüfe den aktuellen Wert und speichere erneut.',

  // Store settings
  countryInvalid: 'Bitte gib das Land als zweistelligen Ländercode an, z. B. DE.',
  countryTwice: (country: string) => `Für ${country} gibt es schon einen Steuersatz.`,
  ratePercentInvalid: 'Der Steuersatz muss eine ganze Zahl zwischen 0 und 100 Prozent sein.',
  taxNameInvalid: 'Der Name des Steuersatzes muss 1 bis 40 Zeichen lang sein, z. B. MwSt.',
  shippingNameInvalid: 'Der Name der Versandart muss 1 bis 80 Zeichen lang sein.',
  shippingIdInvalid:
    'Die Kennung einer Versandart darf nur Kleinbuchstaben, Ziffern und Bindestriche enthalten.',
  shippingIdTwice: (id: string) => `Die Versandart „${id}“ gibt es zweimal.`,
  shippingCostInvalid:
    'Versandkosten müssen ganze, nicht negative Zahlen in der kleinsten Währungseinheit sein.',
  tiersInvalid: 'Gewichtsstufen brauchen steigende Höchstgewichte in Gramm (1 bis 20 Stufen).',
  freeFromMissing: 'Bitte gib an, ab welchem Bestellwert der Versand kostenlos ist.',
  tooManyShippingOptions: 'Es sind höchstens 20 Versandarten möglich.',
  bracketsInvalid:
    'Gewichtsstufen brauchen steigende Höchstgewichte in Gramm; nur die letzte Stufe darf ohne Obergrenze sein (1 bis 20 Stufen).',
  valueBracketsInvalid:
    'Wertstufen brauchen steigende Höchstbeträge; nur die letzte Stufe darf ohne Obergrenze sein (1 bis 20 Stufen).',
  rateBoundsInvalid: 'Der höchste Bestellwert muss mindestens so groß sein wie der niedrigste.',
  deliveryTimeInvalid: 'Die Lieferzeit darf höchstens 60 Zeichen lang sein, z. B. „2–4 Werktage“.',
  zoneIdInvalid:
    'Die Kennung einer Versandzone darf nur Kleinbuchstaben, Ziffern und Bindestriche enthalten.',
  zoneIdTwice: (name: string) => `Die Versandzone „${name}“ gibt es zweimal.`,
  zoneNameInvalid: 'Der Name der Versandzone muss 1 bis 60 Zeichen lang sein, z. B. Deutschland.',
  zoneWithoutCountries: (name: string) =>
    `Die Versandzone „${name}“ braucht mindestens ein Land oder muss für alle übrigen Länder gelten.`,
  countryInTwoZones: (country: string, zone: string) =>
    `${country} gehört schon zur Versandzone „${zone}“; ein Land kann nur in einer Zone sein.`,
  restOfWorldTwice: (zone: string) => `Schon die Versandzone „${zone}“ gilt für alle übrigen Länder.`,
  restOfWorldInvalid: 'Bitte gib an, ob die Zone für alle übrigen Länder gilt (ja oder nein).',
  tooManyZones: 'Es sind höchstens 50 Versandzonen möglich.',
  replyToInvalid: 'Bitte gib als Antwortadresse eine gültige E-Mail-Adresse an, z. B. laden@example.de.',
  tooManyTaxRates: 'Es sind höchstens 250 Steuersätze möglich.',
  couponCodeInvalid:
    'Ein Gutscheincode hat 3 bis 40 Zeichen aus Buchstaben, Ziffern, Binde- und Unterstrich.',
  couponCodeTwice: (code: string) => `Den Gutscheincode „${code}“ gibt es zweimal.`,
  couponDiscountMissing: 'Ein Gutscheincode gibt entweder Prozent (1 bis 100) oder einen festen Betrag nach.',
  couponPercentInvalid: 'Der Rabatt muss eine ganze Zahl zwischen 1 und 100 Prozent sein.',
  couponAmountInvalid: 'Der Rabattbetrag muss eine ganze Zahl über 0 in der kleinsten Währungseinheit sein.',
  couponDatesInvalid: 'Bitte gib Beginn und Ende der Gültigkeit als Datum an (JJJJ-MM-TT oder mit Uhrzeit).',
  couponEndsBeforeStart: 'Das Ende der Gültigkeit muss nach ihrem Beginn liegen.',
  discountCodeOrAutomatic: 'Bitte gib einen Gutscheincode ein oder lass den Rabatt automatisch gelten.',
  discountNameInvalid: 'Der Name des Rabatts darf höchstens 80 Zeichen lang sein.',
  discountNameMissing:
    'Ein automatischer Rabatt braucht einen Namen, den der Warenkorb zeigt, z. B. „10 % ab 50 €“.',
  discountIdInvalid: 'Die Kennung des Rabatts darf nur Kleinbuchstaben, Ziffern und Bindestriche enthalten.',
  discountIdTwice: (id: string) => `Die Kennung „${id}“ gibt es bei zwei Rabatten.`,
  discountBuyGetInvalid: 'Bei „Kaufe X, erhalte Y gratis“ müssen X und Y ganze Zahlen von 1 bis 100 sein.',
  discountLimitToInvalid: 'Bitte gib die Produkte und Kategorien als Liste von Kennungen an (höchstens 200).',
  discountUsageLimitInvalid: 'Das Nutzungslimit muss eine ganze Zahl ab 1 sein.',
  tooManyCoupons: 'Es sind höchstens 500 Gutscheincodes möglich.',
  allowCombiningCouponsInvalid:
    'Bitte gib an, ob mehrere Gutscheincodes in einer Bestellung gelten dürfen (ja oder nein).',
} as const;
