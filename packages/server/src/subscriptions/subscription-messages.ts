/**
 * German texts of the subscription checkout. Quantity, variant and stock texts come from
 * @baukasten/commerce (spec 8); these the spec does not quote and are worded here once.
 */
export const subscriptionMessages = {
  notSubscribable: 'Dieses Produkt kann nicht abonniert werden.',
  optionUnknown: 'Diese Abo-Option gibt es für dieses Produkt nicht.',
  planMissing: 'Für dieses Abonnement ist kein Abrechnungszeitraum hinterlegt.',
  formRequired: 'Bitte fülle zuerst das Formular zu diesem Produkt aus.',
  tokenMissing: 'Der Link zur Abo-Kasse ist unvollständig. Bitte wähle das Abo erneut aus.',
  tokenUnknown: 'Dieser Link zur Abo-Kasse ist ungültig oder abgelaufen. Bitte wähle das Abo erneut aus.',
  notFound: 'Dieses Abonnement wurde nicht gefunden.',
  pageTitle: 'Abonnement abschließen',
  confirmedTitle: 'Abonnement bestätigt',
  // The checkout page (subscription-views.ts).
  quantity: (quantity: number) => `Menge: ${quantity}`,
  dueToday: (total: string) => `Heute zu zahlen: ${total}`,
  shippingIncluded: (shipping: string) => `(inklusive ${shipping} Versand)`,
  subscribe: 'Jetzt kostenpflichtig abonnieren',
  /** Shown with Stripe: the first payment saves the method for the renewals (off-session, SEPA mandate). */
  renewalConsent: (shopTitle: string) =>
    `Mit Karte oder SEPA-Lastschrift (Stripe): Ich ermächtige ${shopTitle}, künftige Zahlungen dieses Abos mit der Zahlungsart einzuziehen, mit der ich jetzt bezahle, jeweils zum Abrechnungstermin und bis das Abo endet. Mein Kreditinstitut kann eine SEPA-Lastschrift innerhalb von acht Wochen erstatten.`,
  /**
   * Shown when Stripe is offered: the other methods cannot collect later periods by themselves (PayPal
   * would need a vaulted billing agreement we do not set up, Vorkasse a transfer each time).
   */
  onlyRenewingMethods:
    'Für Abos bieten wir nur Zahlungsarten an, mit denen die Folgezahlungen automatisch eingezogen werden können: Karte oder SEPA-Lastschrift über Stripe. PayPal und Vorkasse sind für Abos deshalb nicht möglich.',
  // Its confirmation page.
  thanks: 'Vielen Dank!',
  active: (productName: string) => `Dein Abonnement für ${productName} ist aktiv.`,
  startsWhenPaid: (productName: string) =>
    `Dein Abonnement für ${productName} beginnt, sobald deine Zahlung eingegangen ist.`,
  orderNumber: (orderNumber: number | string) => `Bestellnummer: ${orderNumber}`,
  nextBilling: (date: string) => `Nächste Abrechnung am ${date}.`,
  fullyPaid: 'Mit dieser Zahlung ist dein Abonnement vollständig bezahlt.',
} as const;
