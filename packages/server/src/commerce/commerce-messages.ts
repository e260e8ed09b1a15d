/**
 * German texts of the shop API that neither the storefront rules (@baukasten/commerce) nor the general
 * HTTP catalogue (../messages.ts) hold: the checkout paths of R6.3.1 and the digital downloads.
 */
export const commerceMessages = {
  giftCardOwnCheckout:
    'Gutscheine können nicht in den Warenkorb gelegt werden. Bitte kaufe den Gutschein direkt auf seiner Seite.',
  subscriptionOwnCheckout:
    'Abonnements können nicht in den Warenkorb gelegt werden. Bitte schließe das Abo direkt auf der Produktseite ab.',
  cartBusy:
    'Dein Warenkorb wurde gerade an anderer Stelle geändert. Bitte lege den Artikel noch einmal hinein.',
  downloadNotFound: 'Diesen Download gibt es nicht. Bitte prüfe den Link aus deiner Bestellbestätigung.',
  downloadTestOrder:
    'Dieser Download gehört zu einer Testbestellung und steht nur zur Verfügung, solange der Shop im Testmodus ist.',
  downloadNotPaid:
    'Der Download steht bereit, sobald deine Zahlung eingegangen ist. Bitte versuche es danach noch einmal.',
} as const;

/** Error types the shop API answers besides the tracked add-to-cart types of spec 8. */
export const CHECKOUT_PATH_ERRORS = {
  giftCard: 'GIFT_CARD_CHECKOUT_REQUIRED',
  subscription: 'SUBSCRIPTION_CHECKOUT_REQUIRED',
} as const;
