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
   * Shown with PayPal: the first payment saves the PayPal wallet at PayPal (vaulted with the purchase,
   * docs/decisions/020-paypal-vault-for-renewals.md) and the renewals are charged from it without the shopper.
   */
  paypalRenewalConsent: (shopTitle: string) =>
    `Mit PayPal: Ich ermächtige ${shopTitle}, künftige Zahlungen dieses Abos von meinem PayPal-Konto einzuziehen, ohne dass ich sie jedes Mal bestätige, jeweils zum Abrechnungstermin und bis das Abo endet. PayPal speichert dafür mein PayPal-Konto als Zahlungsart für diesen Shop; ich kann das jederzeit in meinem PayPal-Konto beenden.`,
  /**
   * Shown when a method that renews by itself is offered (Stripe, PayPal): Vorkasse would need a transfer
   * each period and cannot be chosen for a subscription.
   */
  onlyRenewingMethods: (methods: string) =>
    `Für Abos bieten wir nur Zahlungsarten an, mit denen die Folgezahlungen automatisch eingezogen werden können: ${methods}. Vorkasse ist für Abos deshalb nicht möglich.`,
  /** How the hint above names each renewing method. */
  renewingMethodNames: { stripe: 'Karte oder SEPA-Lastschrift über Stripe', paypal: 'PayPal' },
  // Its confirmation page.
  thanks: 'Vielen Dank!',
  active: (productName: string) => `Dein Abonnement für ${productName} ist aktiv.`,
  startsWhenPaid: (productName: string) =>
    `Dein Abonnement für ${productName} beginnt, sobald deine Zahlung eingegangen ist.`,
  orderNumber: (orderNumber: number | string) => `Bestellnummer: ${orderNumber}`,
  nextBilling: (date: string) => `Nächste Abrechnung am ${date}.`,
  fullyPaid: 'Mit dieser Zahlung ist dein Abonnement vollständig bezahlt.',
} as const;
