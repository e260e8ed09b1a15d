/**
 * German texts of gift cards: buying one, looking up its balance and paying with it. The spec quotes only
 * the denomination text (it comes from @baukasten/commerce); these are worded here once.
 */
export const giftCardMessages = {
  productNotFound: 'Diesen Gutschein gibt es in diesem Shop nicht.',
  codeMissing: 'Bitte gib einen Gutscheincode ein.',
  codeNotFound: 'Diesen Gutscheincode gibt es nicht. Bitte prüfe deine Eingabe.',
  disabled: 'Dieser Gutschein ist nicht mehr gültig.',
  empty: 'Dieser Gutschein ist bereits vollständig eingelöst.',
  currency: (currency: string) => `Dieser Gutschein gilt nur für Bestellungen in ${currency}.`,
  balanceChanged:
    'Das Guthaben deines Gutscheins hat sich inzwischen geändert. Bitte prüfe deine Bestellung und sende sie erneut.',
  recipientInvalid: 'Die E-Mail-Adresse des Beschenkten ist ungültig.',
  orderNotFound: 'Diese Gutscheinbestellung wurde nicht gefunden.',
  pageTitle: 'Gutschein kaufen',
  confirmedTitle: 'Bestellung bestätigt',
  chooseDenomination: 'Betrag wählen',
  testCardOnly:
    'Dieser Gutschein stammt aus einer Testbestellung und kann nur für Testbestellungen eingelöst werden.',
  realCardInTest:
    'Dies ist eine Testbestellung: Ein echter Gutschein kann dafür nicht eingelöst werden. Bitte entferne den Gutschein.',
  pendingCode:
    'Der Gutscheincode wird verschickt, sobald deine Zahlung eingegangen ist. Bis dahin ist der Gutschein noch nicht einlösbar.',
  // The gift-card checkout page (gift-card-views.ts).
  offerTitle: (title: string, amount: string) => `${title} über ${amount}`,
  price: (price: string) => `Preis: ${price}`,
  otherAmounts: 'Anderer Betrag:',
  codeByEmail: 'Den Gutscheincode schicken wir per E-Mail, an dich oder direkt an die beschenkte Person.',
  buy: 'Gutschein kaufen',
  giftLegend: 'Verschenken (freiwillig)',
  recipientEmailLabel: 'E-Mail-Adresse der beschenkten Person',
  fromNameLabel: 'Dein Name',
  // Its confirmation page.
  thanks: (orderNumber: number | string) => `Vielen Dank für deine Bestellung Nr. ${orderNumber}!`,
  cardPending: (amount: string, to: string) => `${amount} – Code folgt nach Zahlungseingang, dann an ${to}`,
  cardVoided: (amount: string) => `${amount} – storniert`,
  cardSent: (amount: string, code: string, to: string) => `${amount} – Code ${code}, geschickt an ${to}`,
  codeInEmail:
    'Der vollständige Gutscheincode steht in der E-Mail. Das Guthaben lässt sich jederzeit an der Kasse einlösen.',
} as const;
